/** Inventory and network overview dates are Unix seconds (docs/api.md §1.7). */
export function unixSeconds(iso: string | null): number | null {
  if (iso === null) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/** The original's DATE_FORMAT, "%Y-%m-%d %H:%M:%S%z" in UTC: "2021-03-01 12:34:56+0000". */
export function dateFormat(iso: string | null): string | null {
  if (iso === null) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')}+0000`;
}

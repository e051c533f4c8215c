const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Parses the API's timestamps: ISO-8601 (`2021-03-01T12:34:56.123Z`) and the original backend's
 * `2021-03-01 12:34:56.123456+00:00` / `2021-03-01 12:34:56+0000` forms.
 */
export function parseTimestamp(value: string): Date | null {
  const normalised = value
    .trim()
    .replace(/^(\d{4}-\d{2}-\d{2}) /, '$1T')
    .replace(/(\.\d{3})\d+/, '$1')
    .replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const date = new Date(normalised);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `MM/DD/YY hh:mm:ss A` in the browser's time zone (docs/console.md §9). */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  const date = typeof value === 'string' ? parseTimestamp(value) : value;
  if (!date) return typeof value === 'string' ? value : '';
  const hours = date.getHours();
  const hours12 = hours % 12 === 0 ? 12 : hours % 12;
  return (
    `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${pad(date.getFullYear() % 100)} ` +
    `${pad(hours12)}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ${hours < 12 ? 'AM' : 'PM'}`
  );
}

/** A time the server gives in Unix seconds (asset activity), formatted like `formatDateTime`; '' when absent. */
export function formatUnixDateTime(seconds: number | null | undefined): string {
  return seconds === null || seconds === undefined ? '' : formatDateTime(new Date(seconds * 1000));
}

/** Counts from 1000 with K and from 1,000,000 with M, one decimal (docs/console.md §9). */
export function formatCount(count: number): string {
  if (Math.abs(count) >= 1_000_000) return `${trimDecimal(count / 1_000_000)}M`;
  if (Math.abs(count) >= 1_000) return `${trimDecimal(count / 1_000)}K`;
  return String(count);
}

function trimDecimal(value: number): string {
  return (Math.floor(value * 10) / 10).toFixed(1).replace(/\.0$/, '');
}

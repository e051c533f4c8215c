const MAX_QUOTED = 60;

/** A value from the network, shortened for an error message: a 1 MB string must not become a 1 MB log line. */
export function quoted(value: string): string {
  const shown = value.length > MAX_QUOTED ? `${value.slice(0, MAX_QUOTED)}…` : value;
  return JSON.stringify(shown);
}

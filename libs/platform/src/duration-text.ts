/** A time limit as messages give it: whole seconds, or milliseconds under one second. */
export function durationText(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}

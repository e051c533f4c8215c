/**
 * Where LAF-006, LAF-007 and LAF-011 split a lower frame counter between them. A counter back at 8 or below
 * means the device started counting again: it rebooted without keeping its counter (LAF-006) or wrapped the
 * 16-bit counter (LAF-011), even when its first frames were lost. Above 8, a lower counter means another
 * transmitter uses the session (LAF-007, whose source rule draws the same line).
 */
export const RESTART_MAX_COUNTER = 8;

export function isCounterRestart(previous: number, next: number): boolean {
  return next <= RESTART_MAX_COUNTER && next < previous;
}

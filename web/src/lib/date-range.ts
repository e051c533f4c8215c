/** Quick ranges: a day, a week (7 days), a calendar month (docs/console.md §9). */
export type QuickRange = 'DAY' | 'WEEK' | 'MONTH';

export interface DateRange {
  from: Date;
  to: Date;
}

export function quickRange(range: QuickRange, now: Date = new Date()): DateRange {
  const from = new Date(now);
  if (range === 'DAY') from.setDate(from.getDate() - 1);
  else if (range === 'WEEK') from.setDate(from.getDate() - 7);
  else from.setMonth(from.getMonth() - 1);
  return { from, to: new Date(now) };
}

/** The shortest range a crossing pick leaves: one step of the pickers. */
const MIN_SPAN_MS = 15 * 60 * 1000;

/**
 * Applies a pick to one bound and keeps start before end: a start picked after the end moves the end along (the
 * range keeps its length), an end picked before the start moves the start back the same way. A range whose start
 * is not before its end is never produced, so the server is never asked for one.
 */
export function pickBound(range: DateRange, bound: 'from' | 'to', picked: Date): DateRange {
  const span = Math.max(range.to.getTime() - range.from.getTime(), MIN_SPAN_MS);
  if (bound === 'from') {
    return picked.getTime() < range.to.getTime()
      ? { from: picked, to: range.to }
      : { from: picked, to: new Date(picked.getTime() + span) };
  }
  return picked.getTime() > range.from.getTime()
    ? { from: range.from, to: picked }
    : { from: new Date(picked.getTime() - span), to: picked };
}

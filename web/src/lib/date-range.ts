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

/**
 * Applies a pick to one bound; a start after the end (or an end before the start) is corrected to one second
 * beyond the other bound (docs/console.md §4 "Date pickers").
 */
export function pickBound(range: DateRange, bound: 'from' | 'to', picked: Date): DateRange {
  if (bound === 'from') {
    return picked.getTime() > range.to.getTime()
      ? { from: new Date(range.to.getTime() + 1000), to: range.to }
      : { from: picked, to: range.to };
  }
  return picked.getTime() < range.from.getTime()
    ? { from: range.from, to: new Date(range.from.getTime() - 1000) }
    : { from: range.from, to: picked };
}

import type { ColorScheme } from '../../lib/contrast';
import { chartColor } from './palette';

/** One slice, bubble or legend entry. `id` is what a click selects (an alert type code, a risk, a data source id). */
export interface ChartDatum {
  id: string;
  label: string;
  value: number;
  /** A fixed colour (risk, importance, label); otherwise the chart palette by position. */
  color?: string;
}

export interface ColouredDatum extends ChartDatum {
  color: string;
}

export function withColours(data: readonly ChartDatum[], scheme: ColorScheme = 'light'): ColouredDatum[] {
  return data.map((datum, index) => ({ ...datum, color: datum.color ?? chartColor(index, scheme) }));
}

/** Slice labels under 0.5% of the total are hidden (docs/console.md §4). */
export function showsSliceLabel(value: number, total: number): boolean {
  return total > 0 && value / total >= 0.005;
}

/** Percentages to one decimal (docs/console.md §9). */
export function formatPercent(value: number, total: number): string {
  if (total <= 0) return '0%';
  return `${((value / total) * 100).toFixed(1)}%`;
}

/** The legend shows the top four entries until 'show more' (docs/console.md §4). */
export const COLLAPSED_LEGEND_ENTRIES = 4;

export function legendEntries<T extends ChartDatum>(data: readonly T[], expanded: boolean): T[] {
  const sorted = [...data].sort((a, b) => b.value - a.value);
  return expanded ? sorted : sorted.slice(0, COLLAPSED_LEGEND_ENTRIES);
}

/** The id of the slice that gathers the small ones; it selects nothing. */
export const OTHER_ID = '__other__';

export interface GroupingRule {
  /** At most this many slices of their own (the largest). */
  maxSlices: number;
  /** Slices under this share of the total (0..1) join 'Other'. */
  minShare: number;
}

export const DEFAULT_GROUPING: GroupingRule = { maxSlices: 8, minShare: 0.02 };

/**
 * Keeps a pie readable: the largest slices stay (at most `maxSlices`, each at least `minShare` of the total) and
 * the rest become one 'Other (n)' slice, n being how many it holds. Selected slices always keep their own slice so
 * a filter in force stays visible. Nothing is grouped when only one slice would be.
 */
export function groupSmallSlices<T extends ChartDatum>(
  data: readonly T[],
  selected: readonly string[] = [],
  rule: GroupingRule = DEFAULT_GROUPING,
): ChartDatum[] {
  const total = data.reduce((sum, datum) => sum + datum.value, 0);
  const ranked = [...data].sort((a, b) => b.value - a.value);
  const kept: T[] = [];
  const grouped: T[] = [];
  for (const datum of ranked) {
    const bigEnough = total > 0 && datum.value / total >= rule.minShare;
    if (selected.includes(datum.id) || (bigEnough && kept.length < rule.maxSlices)) kept.push(datum);
    else grouped.push(datum);
  }
  if (grouped.length <= 1) return [...data];
  const keptIds = new Set(kept.map((datum) => datum.id));
  return [
    ...data.filter((datum) => keptIds.has(datum.id)),
    {
      id: OTHER_ID,
      label: `Other (${grouped.length})`,
      value: grouped.reduce((sum, datum) => sum + datum.value, 0),
    },
  ];
}

/** A ranked list shows this many entries of its own before the rest become one 'Other (n)' row. */
export const RANKED_TOP = 8;

/** The rows a ranked bar list shows, largest first, and what the rest add up to. */
export interface RankedRows<T extends ChartDatum> {
  rows: T[];
  /** The entries not shown as rows, as one row; null when every entry has its own. */
  other: { label: string; value: number; count: number } | null;
}

/**
 * Largest first (ties by label); the `top` largest keep a row, and so does every selected entry so a filter in
 * force stays visible; the rest become one 'Other (n)' row, n being how many it holds. Nothing is gathered when
 * only one entry would be. Entries of no count are left out.
 */
export function rankedRows<T extends ChartDatum>(
  data: readonly T[],
  selected: readonly string[] = [],
  top: number = RANKED_TOP,
): RankedRows<T> {
  const ranked = data
    .filter((datum) => datum.value > 0)
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
  const rows: T[] = [];
  const rest: T[] = [];
  ranked.forEach((datum, index) => (index < top || selected.includes(datum.id) ? rows : rest).push(datum));
  if (rest.length <= 1) return { rows: ranked, other: null };
  return {
    rows,
    other: {
      label: `Other (${rest.length})`,
      value: rest.reduce((sum, datum) => sum + datum.value, 0),
      count: rest.length,
    },
  };
}

/** The smallest step of 1, 2 or 5 × 10^n (never under 1: counts are whole) that is at least `rough`. */
export function niceStep(rough: number): number {
  if (!(rough > 1)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  for (const factor of [1, 2, 5, 10]) {
    const step = factor * magnitude;
    if (step >= rough - 1e-9) return step;
  }
  return 10 * magnitude;
}

/** Seven ticks on the y axis (docs/console.md §9), from 0 by a round step, the last at or above `max`. */
export const Y_TICKS = 7;

export function yTickValues(max: number, count: number = Y_TICKS): number[] {
  if (!(max > 0)) return [0];
  const step = niceStep(max / (count - 1));
  return Array.from({ length: count }, (_, index) => index * step);
}

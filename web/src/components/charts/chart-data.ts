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

export function withColours(data: readonly ChartDatum[]): ColouredDatum[] {
  return data.map((datum, index) => ({ ...datum, color: datum.color ?? chartColor(index) }));
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

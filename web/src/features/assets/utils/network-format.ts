import type { PacketCounter } from '../types/asset-360';

/** A counter of the last 24 hours as `total (percentage%)`, the percentage to one decimal ('-' when unknown). */
export function formatCounter(counter: PacketCounter | null | undefined): string {
  if (!counter) return '-';
  const percentage =
    typeof counter.percentage === 'number' && Number.isFinite(counter.percentage)
      ? `${counter.percentage.toFixed(1)}%`
      : '-';
  return `${counter.total} (${percentage})`;
}

/** The mean time between messages, in the largest unit that keeps it readable. */
export function formatFrequency(seconds: number | null | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return '-';
  if (seconds < 60) return `every ${trim(seconds)} s`;
  if (seconds < 3600) return `every ${trim(seconds / 60)} min`;
  if (seconds < 86_400) return `every ${trim(seconds / 3600)} h`;
  return `every ${trim(seconds / 86_400)} d`;
}

function trim(value: number): string {
  return value.toFixed(1).replace(/\.0$/, '');
}

export function formatMeasure(value: number | null | undefined, unit: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '-';
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}

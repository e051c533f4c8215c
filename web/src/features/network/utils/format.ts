import type { PacketCounter } from '../types/network';

/** Percentages to one decimal (docs/console.md §9); no figure reads '-'. */
export function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? '-' : `${value.toFixed(1)}%`;
}

/** The mean time between messages, in the largest unit that keeps it readable. */
export function frequency(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '-';
  if (seconds >= 3600) return `${(seconds / 3600).toFixed(1)} h`;
  if (seconds >= 60) return `${(seconds / 60).toFixed(1)} min`;
  return `${seconds.toFixed(1)} s`;
}

export const total = (counter: PacketCounter | null | undefined) =>
  counter === null || counter === undefined ? '-' : String(counter.total);

export const withUnit = (value: number | null | undefined, unit: string) =>
  value === null || value === undefined ? '-' : `${value} ${unit}`;

import { parseTimestamp } from '../../../lib/format';
import type { Risk } from '../../../lib/levels';
import type { AssetAlert } from '../types/asset-360';
import { TIMELINE_MAX_ZOOM_MS, TIMELINE_MIN_ZOOM_MS } from '../types/asset-view-constants';

/** The visible stretch of time, epoch milliseconds. */
export interface TimeWindow {
  start: number;
  end: number;
}

/** Lanes top to bottom: the riskiest first. */
export const TIMELINE_LANES: Risk[] = ['HIGH', 'MEDIUM', 'LOW', 'INFO'];

export interface TimelineEvent {
  alert: AssetAlert;
  time: number;
  risk: Risk;
}

export function timelineEvents(alerts: readonly AssetAlert[]): TimelineEvent[] {
  return alerts.flatMap((alert) => {
    const date = parseTimestamp(alert.created_at);
    if (!date) return [];
    const risk = alert.type?.risk && TIMELINE_LANES.includes(alert.type.risk) ? alert.type.risk : 'INFO';
    return [{ alert, time: date.getTime(), risk }];
  });
}

/** Keeps the span between the zoom limits (1 hour to 30 days), around the same centre. */
export function clampWindow(window: TimeWindow): TimeWindow {
  const span = Math.min(Math.max(window.end - window.start, TIMELINE_MIN_ZOOM_MS), TIMELINE_MAX_ZOOM_MS);
  const centre = (window.start + window.end) / 2;
  return { start: Math.round(centre - span / 2), end: Math.round(centre + span / 2) };
}

/** The window first shown: every event with a little margin, within the zoom limits, ending at the latest one. */
export function initialWindow(events: readonly TimelineEvent[], now: number): TimeWindow {
  if (events.length === 0) return clampWindow({ start: now - TIMELINE_MIN_ZOOM_MS, end: now });
  const times = events.map((event) => event.time);
  const first = Math.min(...times);
  const last = Math.max(...times);
  const margin = Math.max((last - first) * 0.05, 60_000);
  const span = Math.min(Math.max(last - first + 2 * margin, TIMELINE_MIN_ZOOM_MS), TIMELINE_MAX_ZOOM_MS);
  const end = last + margin;
  return { start: end - span, end };
}

/** factor < 1 zooms in, > 1 out. */
export function zoomWindow(window: TimeWindow, factor: number): TimeWindow {
  const centre = (window.start + window.end) / 2;
  const half = ((window.end - window.start) * factor) / 2;
  return clampWindow({ start: centre - half, end: centre + half });
}

/** Moves by a fraction of the span: negative towards the past. */
export function panWindow(window: TimeWindow, fraction: number): TimeWindow {
  const shift = Math.round((window.end - window.start) * fraction);
  return { start: window.start + shift, end: window.end + shift };
}

export function canZoomIn(window: TimeWindow): boolean {
  return window.end - window.start > TIMELINE_MIN_ZOOM_MS;
}

export function canZoomOut(window: TimeWindow): boolean {
  return window.end - window.start < TIMELINE_MAX_ZOOM_MS;
}

const TICK_STEPS_MS = [
  5 * 60_000,
  10 * 60_000,
  15 * 60_000,
  30 * 60_000,
  3_600_000,
  2 * 3_600_000,
  3 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
  86_400_000,
  2 * 86_400_000,
  7 * 86_400_000,
];

/** Round instants for the axis, about `wanted` of them (aligned on the local clock for hours and days). */
export function timelineTicks(window: TimeWindow, wanted = 6): number[] {
  const span = window.end - window.start;
  const step = TICK_STEPS_MS.find((candidate) => span / candidate <= wanted) ?? TICK_STEPS_MS.at(-1)!;
  const offset = new Date(window.start).getTimezoneOffset() * 60_000;
  const first = Math.ceil((window.start - offset) / step) * step + offset;
  const ticks: number[] = [];
  for (let tick = first; tick <= window.end; tick += step) ticks.push(tick);
  return ticks;
}

/** The axis label: the time within a day, the date beyond. */
export function tickLabel(tick: number, window: TimeWindow): string {
  const date = new Date(tick);
  const pad = (value: number) => String(value).padStart(2, '0');
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  const day = `${pad(date.getMonth() + 1)}/${pad(date.getDate())}`;
  if (window.end - window.start <= 86_400_000) return time;
  return date.getHours() === 0 && date.getMinutes() === 0 ? day : `${day} ${time}`;
}

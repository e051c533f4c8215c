import { ISSUES_READ_MODEL } from '@lorawatch/contracts';
import { debounceTime, filter, interval, merge, type Observable } from 'rxjs';
import type { RealtimeEvents } from '../../../lib/realtime';

/** The read model behind Current Issues, as `projection_updated` names it. */
export const ISSUES_PROJECTION = ISSUES_READ_MODEL;
/** The spec's floor: lists refresh at least once a minute even without live events. */
export const ISSUES_REFRESH_FLOOR_MS = 60_000;
/** A new alert and the issues projection's update arrive together: one reload for both. */
export const LIVE_REFRESH_DEBOUNCE_MS = 400;

const namesIssues = (payload: unknown): boolean =>
  typeof payload === 'object' &&
  payload !== null &&
  (payload as { projection?: unknown }).projection === ISSUES_PROJECTION;

/** Ticks whenever the current issues may have changed: `new_alert`, the issues projection moving, or a minute. */
export function issuesChanged$(
  realtime: RealtimeEvents,
  options: { floorMs?: number; debounceMs?: number } = {},
): Observable<unknown> {
  const { floorMs = ISSUES_REFRESH_FLOOR_MS, debounceMs = LIVE_REFRESH_DEBOUNCE_MS } = options;
  const live$ = merge(realtime.on('new_alert'), realtime.on('projection_updated').pipe(filter(namesIssues)));
  return merge(live$.pipe(debounceTime(debounceMs)), interval(floorMs));
}

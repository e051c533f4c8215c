import {
  asyncScheduler,
  merge,
  share,
  startWith,
  switchMap,
  throttleTime,
  timer,
  type Observable,
} from 'rxjs';
import type { RealtimeEvents } from '../../../lib/realtime';

/** Websocket events after which the dashboard's counts and latest alerts are stale. */
export const LIVE_EVENTS = ['new_alert', 'projection_updated'] as const;

/** A busy network changes the read models several times a second: reload at most this often. */
export const LIVE_REFRESH_MS = 5_000;
/** Without any event the dashboard still reloads after this long (docs/console.md §9: 60000 ms). */
export const AUTO_REFRESH_MS = 60_000;

export interface RefreshOptions {
  liveRefreshMs?: number;
  autoRefreshMs?: number;
}

/**
 * When the dashboard should reload: on live events (throttled, first and last of a burst) and, failing those,
 * every `autoRefreshMs` since the last reload.
 */
export function dashboardRefresh$(
  realtime: RealtimeEvents,
  { liveRefreshMs = LIVE_REFRESH_MS, autoRefreshMs = AUTO_REFRESH_MS }: RefreshOptions = {},
): Observable<unknown> {
  const live$ = merge(...LIVE_EVENTS.map((event) => realtime.on(event))).pipe(
    throttleTime(liveRefreshMs, asyncScheduler, { leading: true, trailing: true }),
    share(),
  );
  const fallback$ = live$.pipe(
    startWith(null),
    switchMap(() => timer(autoRefreshMs, autoRefreshMs)),
  );
  return merge(live$, fallback$).pipe(share());
}

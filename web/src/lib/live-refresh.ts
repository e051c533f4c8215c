import { filter, interval, merge, throttleTime, type Observable } from 'rxjs';
import type { RealtimeEvents } from './realtime';

/** The spec's floor: lists re-read themselves at least every 60 s. */
export const REFRESH_FLOOR_MS = 60_000;
/** The demo network changes the asset read models many times a second: re-read at most this often. */
export const LIVE_THROTTLE_MS = 15_000;

interface ProjectionUpdate {
  projection?: string;
  collections?: string[];
}

/** Read models of the asset lists (inventory, network overview): assets, their per-user attributes and tags. */
export function touchesAssets(payload: unknown): boolean {
  const update = (payload ?? {}) as ProjectionUpdate;
  const names = [update.projection ?? '', ...(update.collections ?? [])];
  return names.some((name) => /asset|tag/.test(name));
}

/** Ticks whenever an asset list should be re-read silently: live read-model changes (throttled) or the floor. */
export function liveRefresh$(
  realtime: RealtimeEvents,
  floorMs = REFRESH_FLOOR_MS,
  throttleMs = LIVE_THROTTLE_MS,
): Observable<unknown> {
  const changes$ = realtime
    .on('projection_updated')
    .pipe(filter(touchesAssets), throttleTime(throttleMs, undefined, { leading: true, trailing: true }));
  return merge(changes$, interval(floorMs));
}

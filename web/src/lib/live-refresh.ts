import {
  ASSET_READ_MODELS,
  PROJECTION_UPDATED,
  isReadModelName,
  type ProjectionUpdatedMessage,
  type ReadModelName,
} from '@lorawatch/contracts';
import { filter, interval, merge, throttleTime, type Observable } from 'rxjs';
import type { RealtimeEvents } from './realtime';

/** The spec's floor: lists re-read themselves at least every 60 s. */
export const REFRESH_FLOOR_MS = 60_000;
/** The demo network changes the asset read models many times a second: re-read at most this often. */
export const LIVE_THROTTLE_MS = 15_000;

/** The read model a `projection_updated` payload names, or null when the payload names none the server builds. */
export function changedReadModel(payload: unknown): ReadModelName | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { projection } = payload as Partial<Record<keyof ProjectionUpdatedMessage, unknown>>;
  return isReadModelName(projection) ? projection : null;
}

/** Whether a `projection_updated` payload says one of `readModels` changed. */
export function changes(payload: unknown, readModels: readonly ReadModelName[]): boolean {
  const changed = changedReadModel(payload);
  return changed !== null && readModels.includes(changed);
}

/** Read models of the asset lists (inventory, network overview): assets, their per-user attributes and tags. */
export function touchesAssets(payload: unknown): boolean {
  return changes(payload, ASSET_READ_MODELS);
}

/** Ticks whenever an asset list should be re-read silently: live read-model changes (throttled) or the floor. */
export function liveRefresh$(
  realtime: RealtimeEvents,
  floorMs = REFRESH_FLOOR_MS,
  throttleMs = LIVE_THROTTLE_MS,
): Observable<unknown> {
  const changes$ = realtime
    .on(PROJECTION_UPDATED)
    .pipe(filter(touchesAssets), throttleTime(throttleMs, undefined, { leading: true, trailing: true }));
  return merge(changes$, interval(floorMs));
}

import {
  auditTime,
  catchError,
  map,
  merge,
  of,
  scan,
  startWith,
  switchMap,
  timer,
  type Observable,
} from 'rxjs';
import { ApiError } from '../../../lib/api';
import type { RealtimeEvents } from '../../../lib/realtime';
import { REFRESH_MS } from '../types/asset-view-constants';

/** A panel's data: the last good answer stays on screen while a refresh runs or after a refresh fails. */
export interface Loadable<T> {
  status: 'loading' | 'ready' | 'error';
  data: T | null;
  error: ApiError | null;
}

export const LOADING: Loadable<never> = { status: 'loading', data: null, error: null };

type Outcome<T> = { kind: 'started' } | { kind: 'answered'; data: T } | { kind: 'failed'; error: ApiError };

function fold<T>(state: Loadable<T>, outcome: Outcome<T>): Loadable<T> {
  if (outcome.kind === 'answered') return { status: 'ready', data: outcome.data, error: null };
  if (outcome.kind === 'failed') return { status: 'error', data: state.data, error: outcome.error };
  // A refresh of data already shown is silent; only a first load (or one after a failure) shows as loading.
  return state.status === 'ready' ? state : { ...state, status: 'loading' };
}

/** Loads `load$` now and on every `refresh$` emission (a newer load cancels an older one). */
export function loadable$<T>(load$: Observable<T>, refresh$: Observable<unknown>): Observable<Loadable<T>> {
  return refresh$.pipe(
    startWith(null),
    switchMap(() =>
      load$.pipe(
        map((data): Outcome<T> => ({ kind: 'answered', data })),
        catchError((error: unknown) =>
          of<Outcome<T>>({
            kind: 'failed',
            error: error instanceof ApiError ? error : new ApiError(0, null, String(error)),
          }),
        ),
        startWith<Outcome<T>>({ kind: 'started' }),
      ),
    ),
    scan(fold<T>, LOADING as Loadable<T>),
  );
}

/** Live alerts arrive in bursts: one re-read per burst, at most every `quietMs`. */
export const LIVE_ALERT_AUDIT_MS = 2_000;

/** The 60 s floor plus, for alert-driven panels, each burst of `new_alert` events. */
export function refreshes$(realtime: RealtimeEvents | null, periodMs = REFRESH_MS): Observable<unknown> {
  const periodic$ = timer(periodMs, periodMs);
  if (!realtime) return periodic$;
  return merge(periodic$, realtime.on('new_alert').pipe(auditTime(LIVE_ALERT_AUDIT_MS)));
}

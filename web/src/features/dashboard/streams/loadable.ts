import { catchError, map, of, scan, startWith, switchMap, type Observable } from 'rxjs';

/** A value read from the server: loading at first, then ready or failed. */
export type Loadable<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error' };

export const LOADING: Loadable<never> = { status: 'loading' };

/**
 * Loads once, then again on every `refresh$` emission (the previous load is cancelled). Refreshes are silent: the
 * shown value stays until the new one arrives, and a failed refresh keeps the last good value rather than
 * replacing a chart with the error box; only a failing first load shows the error.
 */
export function refreshed$<T>(
  load: () => Observable<T>,
  refresh$: Observable<unknown>,
): Observable<Loadable<T>> {
  return refresh$.pipe(
    startWith(null),
    switchMap(() =>
      load().pipe(
        map((value): Loadable<T> => ({ status: 'ready', value })),
        catchError(() => of<Loadable<T>>({ status: 'error' })),
      ),
    ),
    scan<Loadable<T>, Loadable<T>>(
      (previous, next) => (next.status === 'error' && previous.status === 'ready' ? previous : next),
      LOADING,
    ),
    startWith<Loadable<T>>(LOADING),
  );
}

import { catchError, map, of, startWith, type Observable } from 'rxjs';

/**
 * A one-shot read as screen state: loading, then the data or the failure (with its error). For lists re-read
 * on live events, see `reloadable.ts`.
 */
export type Loadable<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

export const LOADING: Loadable<never> = { status: 'loading' };

export function loadable<T>(source$: Observable<T>): Observable<Loadable<T>> {
  return source$.pipe(
    map((data): Loadable<T> => ({ status: 'ready', data })),
    startWith<Loadable<T>>(LOADING),
    catchError((error: unknown) => of<Loadable<T>>({ status: 'error', error })),
  );
}

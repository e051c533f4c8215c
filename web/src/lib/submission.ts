import { catchError, concat, map, of, type Observable } from 'rxjs';

/** A form's call as state: nothing sent yet, in flight, answered, or refused. */
export type Submission<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'done'; value: T }
  | { status: 'failed'; error: unknown };

export const IDLE: Submission<never> = { status: 'idle' };

/** Reports the progress of one call: loading first, then its answer or its error. */
export function submission$<T>(call$: Observable<T>): Observable<Submission<T>> {
  return concat(
    of<Submission<T>>({ status: 'loading' }),
    call$.pipe(
      map((value): Submission<T> => ({ status: 'done', value })),
      catchError((error: unknown) => of<Submission<T>>({ status: 'failed', error })),
    ),
  );
}

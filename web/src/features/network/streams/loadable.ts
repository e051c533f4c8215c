import { catchError, concat, map, of, scan, startWith, switchMap, type Observable } from 'rxjs';

export type LoadStatus = 'loading' | 'ready' | 'error';

/** A snapshot being (re)loaded: while loading, the previous data stays so the screen does not flash empty. */
export interface Loadable<T> {
  status: LoadStatus;
  data: T;
}

type Step<T> = { kind: 'started' } | { kind: 'loaded'; data: T } | { kind: 'failed' };

/**
 * For each input, one load; each `refresh$` emission re-reads the current input silently (the state stays
 * 'ready' until the answer, so a live refresh does not blank the table). A new input cancels the old load.
 */
export function loadEach<I, T>(
  input$: Observable<I>,
  refresh$: Observable<unknown>,
  load: (input: I) => Observable<T>,
  empty: T,
): Observable<Loadable<T>> {
  return input$.pipe(
    switchMap((input) =>
      refresh$.pipe(
        map(() => true),
        startWith(false),
        switchMap((silent) => {
          const answer$ = load(input).pipe(
            map((data): Step<T> => ({ kind: 'loaded', data })),
            catchError(() => of<Step<T>>({ kind: 'failed' })),
          );
          return silent ? answer$ : concat(of<Step<T>>({ kind: 'started' }), answer$);
        }),
      ),
    ),
    scan(
      (state: Loadable<T>, step: Step<T>): Loadable<T> => {
        if (step.kind === 'started') return { status: 'loading', data: state.data };
        if (step.kind === 'loaded') return { status: 'ready', data: step.data };
        return { status: 'error', data: empty };
      },
      { status: 'loading', data: empty },
    ),
  );
}

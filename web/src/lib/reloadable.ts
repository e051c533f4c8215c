import { catchError, concat, map, of, scan, startWith, switchMap, type Observable } from 'rxjs';

export type ReloadStatus = 'loading' | 'ready' | 'error';

/**
 * A snapshot being (re)loaded: while loading, the previous data stays so the screen does not flash empty; a
 * failure shows `empty`. (`loadable.ts` is the simpler one-shot read without refreshes or a placeholder value.)
 */
export interface Reloadable<T> {
  status: ReloadStatus;
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
): Observable<Reloadable<T>> {
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
      (state: Reloadable<T>, step: Step<T>): Reloadable<T> => {
        if (step.kind === 'started') return { status: 'loading', data: state.data };
        if (step.kind === 'loaded') return { status: 'ready', data: step.data };
        return { status: 'error', data: empty };
      },
      { status: 'loading', data: empty },
    ),
  );
}

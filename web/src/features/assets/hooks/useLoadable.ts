import { useObservable, useObservableState } from 'observable-hooks';
import { switchMap, type Observable } from 'rxjs';
import { LOADING, type Loadable } from '../streams/loadable';

type Inputs = [unknown, ...unknown[]];

/**
 * The latest state of `factory(...inputs)`, restarted (and the previous run cancelled) whenever an input
 * changes. Inputs must be primitives or stable references.
 */
export function useLoadable<T, I extends readonly unknown[]>(
  factory: (...inputs: I) => Observable<Loadable<T>>,
  inputs: I,
): Loadable<T> {
  const state$ = useObservable<Loadable<T>, Inputs>(
    (inputs$) => inputs$.pipe(switchMap((current) => factory(...(current as unknown as I)))),
    [...inputs] as unknown as Inputs,
  );
  return useObservableState(state$, LOADING as Loadable<T>);
}

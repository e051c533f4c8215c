import { useObservableState } from 'observable-hooks';
import { useEffect, useRef } from 'react';
import { exhaustMap, type Observable } from 'rxjs';
import { IDLE, submission$, type Submission } from './submission';

/**
 * A form's submit action as state. A second submit while one is in flight is ignored (the button is disabled
 * then anyway); after an answer the form may submit again.
 */
export function useSubmission<Input, Answer>(
  call: (input: Input) => Observable<Answer>,
): [Submission<Answer>, (input: Input) => void] {
  // The latest closure, so the stream built once still calls with current props.
  const latest = useRef(call);
  latest.current = call;
  return useObservableState<Submission<Answer>, Input>(
    (input$) => input$.pipe(exhaustMap((input) => submission$(latest.current(input)))),
    IDLE,
  );
}

/** Runs `effect` once each time a submission succeeds (not on re-renders). */
export function useOnDone<Answer>(state: Submission<Answer>, effect: (answer: Answer) => void): void {
  const latest = useRef(effect);
  latest.current = effect;
  useEffect(() => {
    if (state.status === 'done') latest.current(state.value);
  }, [state]);
}

import { Subject, defer, of, throwError } from 'rxjs';
import { ApiError } from '../../../lib/api';
import { loadable$, type Loadable } from './loadable';

describe('loadable$', () => {
  it('loads, keeps the last answer through a failing refresh, and recovers', () => {
    const refresh$ = new Subject<void>();
    let answer: 'ok' | 'fail' = 'ok';
    let calls = 0;
    const source$ = defer(() => {
      calls += 1;
      return answer === 'ok' ? of(calls) : throwError(() => new ApiError(500, { message: 'Boom' }));
    });
    const states: Array<Loadable<number>> = [];
    const subscription = loadable$(source$, refresh$).subscribe((state) => states.push(state));
    expect(states.map((state) => state.status)).toEqual(['loading', 'ready']);
    expect(states[1].data).toBe(1);

    answer = 'fail';
    refresh$.next();
    const failed = states.at(-1)!;
    expect(failed.status).toBe('error');
    expect(failed.data).toBe(1);
    expect(failed.error?.status).toBe(500);

    answer = 'ok';
    refresh$.next();
    expect(states.at(-1)).toEqual({ status: 'ready', data: 3, error: null });
    subscription.unsubscribe();
  });
});

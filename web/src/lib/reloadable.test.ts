import { BehaviorSubject, Subject, defer, of, throwError } from 'rxjs';
import { loadEach, type Reloadable } from './reloadable';

describe('loadEach', () => {
  it('shows a new input as loading over the old data, refreshes silently, and fails to the empty value', () => {
    const input$ = new BehaviorSubject('a');
    const refresh$ = new Subject<void>();
    let fail = false;
    let calls = 0;
    const load = (input: string) =>
      defer(() => {
        calls += 1;
        return fail ? throwError(() => new Error('down')) : of(`${input}${calls}`);
      });
    const states: Array<Reloadable<string>> = [];
    const subscription = loadEach(input$, refresh$, load, '').subscribe((state) => states.push(state));
    expect(states.at(-1)).toEqual({ status: 'ready', data: 'a1' });

    refresh$.next();
    // A refresh goes straight from the old answer to the new one, with no loading state between.
    expect(states.slice(-2)).toEqual([
      { status: 'ready', data: 'a1' },
      { status: 'ready', data: 'a2' },
    ]);

    input$.next('b');
    expect(states.slice(-2)).toEqual([
      { status: 'loading', data: 'a2' },
      { status: 'ready', data: 'b3' },
    ]);

    fail = true;
    refresh$.next();
    expect(states.at(-1)).toEqual({ status: 'error', data: '' });
    subscription.unsubscribe();
  });
});

import {
  Observable,
  asyncScheduler,
  type MonoTypeOperatorFunction,
  type SchedulerLike,
  type Subscription,
} from 'rxjs';

/**
 * Debounce that also fires on the leading edge (docs/console.md §7: search debounced 2000 ms, leading edge): the first
 * value of a burst goes out at once, the last one once the input has been quiet for `ms`.
 */
export function debounceLeading<T>(
  ms: number,
  scheduler: SchedulerLike = asyncScheduler,
): MonoTypeOperatorFunction<T> {
  return (source) =>
    new Observable<T>((subscriber) => {
      let timer: Subscription | null = null;
      let pending: { value: T } | null = null;
      const quiet = () => {
        timer = null;
        if (pending) {
          const { value } = pending;
          pending = null;
          subscriber.next(value);
        }
      };
      const subscription = source.subscribe({
        next(value) {
          if (timer === null) subscriber.next(value);
          else {
            pending = { value };
            timer.unsubscribe();
          }
          timer = scheduler.schedule(quiet, ms);
        },
        error: (error: unknown) => subscriber.error(error),
        complete() {
          if (pending) subscriber.next(pending.value);
          subscriber.complete();
        },
      });
      return () => {
        timer?.unsubscribe();
        subscription.unsubscribe();
      };
    });
}

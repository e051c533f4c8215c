import type { Subscription as RxSubscription } from 'rxjs';
import type { ProjectionRunner } from './projection-runner';

interface Waiter {
  readonly position: number;
  readonly resolve: (reached: boolean) => void;
}

/**
 * Waits until one projection of a runner in this process has committed an event: resolved by the runner's own
 * commit announcements (`updates$`), so a waiter costs nothing while it waits and hears of the commit at once.
 */
export class AppliedWatch {
  private readonly waiters = new Set<Waiter>();
  private readonly listening: RxSubscription;
  private stopped = false;

  constructor(
    private readonly runner: ProjectionRunner,
    private readonly projection: string,
  ) {
    this.listening = runner.updates$.subscribe((update) => {
      if (update.projection === this.projection) this.release(update.event.position);
    });
  }

  /** True once the projection's read model reflects `position`; false when the watch stops first. */
  reached(position: number): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    if ((this.runner.positions()[this.projection] ?? 0) >= position) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => this.waiters.add({ position, resolve }));
  }

  /** Lets every waiter go (false): nothing will be committed for them any more. */
  stop(): void {
    this.stopped = true;
    this.listening.unsubscribe();
    for (const waiter of this.waiters) waiter.resolve(false);
    this.waiters.clear();
  }

  private release(position: number): void {
    for (const waiter of this.waiters) {
      if (waiter.position > position) continue;
      this.waiters.delete(waiter);
      waiter.resolve(true);
    }
  }
}

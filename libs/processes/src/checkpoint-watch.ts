import type { ReadStore } from '@lorawatch/read-store/read-store.port';

interface Waiter {
  name: string;
  position: number;
  resolve: () => void;
}

/**
 * Watches read-store checkpoints written by another process (the projector of a scale-out deployment): waits
 * until one reaches a position, or tells when some changed. One polling loop serves every waiter; it runs only
 * while somebody waits or listens.
 */
export class CheckpointWatch {
  private readonly known = new Map<string, number>();
  private readonly waiters = new Set<Waiter>();
  private readonly listeners = new Set<{ names: string[]; onChange: () => void }>();
  private timer: NodeJS.Timeout | null = null;
  private polling = false;
  private waiting = false;
  private seenVersion = -1;
  private stopped = false;

  constructor(
    private readonly store: ReadStore,
    private readonly intervalMs = 200,
  ) {}

  /**
   * Resolves once checkpoint `name` is at `position` or beyond. Once stopped, at once: nobody polls any more, and
   * a caller that asks while a shutdown runs (the next projection of the event it follows) must not hang it.
   */
  reached(name: string, position: number): Promise<void> {
    if (this.stopped || (this.known.get(name) ?? 0) >= position) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.waiters.add({ name, position, resolve });
      this.schedule();
    });
  }

  /** Calls `onChange` whenever one of the checkpoints moves; returns the function that stops listening. */
  onChange(names: string[], onChange: () => void): () => void {
    const listener = { names, onChange };
    this.listeners.add(listener);
    this.schedule();
    return () => this.listeners.delete(listener);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // Nobody will be told any more: let the waiters go rather than hang a shutdown.
    for (const waiter of this.waiters) waiter.resolve();
    this.waiters.clear();
  }

  /** Reads the watched checkpoints once (public for tests). */
  async poll(): Promise<void> {
    const names = new Set<string>([...this.waiters].map((waiter) => waiter.name));
    for (const listener of this.listeners) for (const name of listener.names) names.add(name);
    const changed = new Set<string>();
    for (const name of names) {
      const position = await this.store.checkpoint(name);
      if (this.known.has(name) && this.known.get(name) !== position) changed.add(name);
      this.known.set(name, position);
    }
    for (const waiter of [...this.waiters]) {
      if ((this.known.get(waiter.name) ?? 0) < waiter.position) continue;
      this.waiters.delete(waiter);
      waiter.resolve();
    }
    for (const listener of this.listeners) {
      if (listener.names.some((name) => changed.has(name))) listener.onChange();
    }
  }

  private schedule(): void {
    if (this.stopped || this.timer || this.waiting || this.polling) return;
    if (this.waiters.size === 0 && this.listeners.size === 0) return;
    const commits = this.store.commitSignal;
    if (commits) {
      // The engine tells of commits: poll as soon as one happens (at the latest after the interval).
      this.waiting = true;
      void commits.wait(this.intervalMs, this.seenVersion).then(() => {
        this.waiting = false;
        this.pollNow();
      });
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pollNow();
    }, this.intervalMs);
    this.timer.unref();
  }

  private pollNow(): void {
    if (this.stopped) return;
    this.polling = true;
    // Read before the poll: a commit made while it runs brings another poll at once.
    this.seenVersion = this.store.commitSignal?.version ?? 0;
    this.poll()
      .catch(() => undefined)
      .finally(() => {
        this.polling = false;
        this.schedule();
      });
  }
}

/**
 * Wakes loops that wait for new rows: an in-process notify() after a commit, with a timeout so that
 * rows written by another process on the same file are still picked up by polling.
 */
export class WakeSignal {
  private generation = 0;
  private readonly waiters = new Set<() => void>();

  /** Changes whenever notify() is called; read it before a query and pass it to wait(). */
  get version(): number {
    return this.generation;
  }

  notify(): void {
    this.generation += 1;
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  /** Resolves on the next notify(), after timeoutMs, or at once if notified since `seenVersion`. */
  wait(timeoutMs: number, seenVersion: number): Promise<void> {
    if (seenVersion !== this.generation) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, timeoutMs);
      this.waiters.add(wake);
    });
  }
}

import { BroadcastChannel } from 'node:worker_threads';

/**
 * Wakes loops that wait for new rows: notify() after a commit wakes them at once, with a timeout so that rows
 * written by another process on the same file are still picked up by polling. Given a channel name (one per file
 * and kind of row), a notify() also wakes the loops of the other threads of this process: the standalone
 * console's collector, detector and projector threads hear each other's commits without waiting for a poll.
 */
export class WakeSignal {
  private generation = 0;
  private readonly waiters = new Set<() => void>();
  private readonly channel: BroadcastChannel | null;

  constructor(channelName?: string) {
    this.channel = channelName ? new BroadcastChannel(channelName) : null;
    if (this.channel) {
      this.channel.onmessage = () => this.wake();
      // Listening must never keep a process alive.
      this.channel.unref();
    }
  }

  /** Changes whenever notify() is called; read it before a query and pass it to wait(). */
  get version(): number {
    return this.generation;
  }

  notify(): void {
    this.wake();
    this.channel?.postMessage(0);
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

  close(): void {
    this.channel?.close();
  }

  private wake(): void {
    this.generation += 1;
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }
}

/** The channel on which the threads of this process tell each other of commits of `kind` to the file `file`. */
export function wakeChannel(file: string, kind: 'events' | 'packets' | 'read-store'): string | undefined {
  return file === ':memory:' || file === '' ? undefined : `lorawatch:${kind}:${file}`;
}

/**
 * The embedded file has one writer at a time. A write that waited `busy_timeout` for the lock in vain fails with
 * SQLITE_BUSY: on a machine whose cores are starved, a thread holding the lock may simply not have run. Such a
 * failure says nothing about the data (the transaction did not happen), so the write is tried again after a pause
 * instead of stopping the consumer, projection or collector that asked for it.
 */

/** SQLITE_BUSY or SQLITE_LOCKED (and their extended codes) from better-sqlite3. */
export function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}

export interface BusyRetryOptions {
  /** Pauses between attempts, in milliseconds; one attempt more than pauses. */
  pausesMs?: readonly number[];
  /** Hears of each busy failure that will be tried again. */
  onRetry?: (error: unknown, attempt: number) => void;
}

/** About a minute of pauses: 0.1 s doubling to 5 s. */
export const BUSY_PAUSES_MS: readonly number[] = [
  100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000,
];

/** Runs `write` (a synchronous transaction), again after a pause while it fails with SQLITE_BUSY. */
export async function retryWhileBusy<T>(write: () => T, options: BusyRetryOptions = {}): Promise<T> {
  const pauses = options.pausesMs ?? BUSY_PAUSES_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return write();
    } catch (error) {
      if (!isBusy(error) || attempt >= pauses.length) throw error;
      options.onRetry?.(error, attempt + 1);
      await new Promise((resolve) => setTimeout(resolve, pauses[attempt]));
    }
  }
}

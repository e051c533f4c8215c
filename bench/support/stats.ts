/** The q-quantile (0 < q ≤ 1) of some values by the nearest-rank method; null when there are none. */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Seconds since a `process.hrtime.bigint()` reading. */
export function secondsSince(since: bigint): number {
  return Number(process.hrtime.bigint() - since) / 1e9;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `promise`, or an error naming `what` once `timeoutMs` has passed without it settling. */
export async function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Polls `check` until it holds; throws `what` after the timeout, also when a check itself never answers (the
 * deadline bounds the whole wait, not only the pauses between checks).
 */
export async function until(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const timedOut = () => new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) throw timedOut();
    if (await withTimeout(check(), left, what)) return;
    if (Date.now() > deadline) throw timedOut();
    await sleep(intervalMs);
  }
}

const grouped = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/** 12,345 */
export const int = (value: number) => grouped.format(Math.round(value));
/** Fixed decimals, grouped: 1,234.5 */
export const fixed = (value: number, digits: number) =>
  new Intl.NumberFormat('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
export const ms = (value: number | null) => (value === null ? '–' : `${fixed(value, 1)} ms`);
export const percent = (ratio: number | null) => (ratio === null ? '–' : `${fixed(ratio * 100, 1)} %`);

/** Goals as the issue states them: whole numbers. */
export const goal = {
  percent: (ratio: number) => `${int(ratio * 100)} %`,
  ms: (value: number) => `${int(value)} ms`,
  seconds: (value: number) => `${int(value)} s`,
};

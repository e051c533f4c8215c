/** Polls until the probe returns a value (not null), or fails after the timeout. */
export async function waitFor<T>(
  probe: () => Promise<T | null>,
  timeoutMs = 10_000,
  what = 'a condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

import { WakeSignal } from './wake-signal';

describe('WakeSignal', () => {
  it('wakes a waiter on notify, long before its timeout', async () => {
    const signal = new WakeSignal();
    const started = Date.now();
    const waiting = signal.wait(10_000, signal.version);
    signal.notify();
    await waiting;
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('resolves at once when notified since the version the caller saw', async () => {
    const signal = new WakeSignal();
    const seen = signal.version;
    signal.notify();
    const started = Date.now();
    await signal.wait(10_000, seen);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('resolves after the timeout without a notify (polling for other processes)', async () => {
    const signal = new WakeSignal();
    const started = Date.now();
    await signal.wait(30, signal.version);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});

import { Worker } from 'node:worker_threads';
import { WakeSignal, wakeChannel } from './wake-signal';

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

  it('wakes the waiters of another signal on the same channel (another thread of the process)', async () => {
    const channel = wakeChannel('/tmp/lorawatch-wake-test.db', 'events');
    const here = new WakeSignal(channel);
    const there = new WakeSignal(channel);
    try {
      const started = Date.now();
      const waiting = there.wait(10_000, there.version);
      here.notify();
      await waiting;
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      here.close();
      there.close();
    }
  });

  it('is woken by a commit announced from a worker thread', async () => {
    const channel = wakeChannel('/tmp/lorawatch-wake-thread.db', 'packets') ?? '';
    const signal = new WakeSignal(channel);
    try {
      const seen = signal.version;
      const waiting = signal.wait(10_000, seen);
      const started = Date.now();
      const worker = new Worker(
        `const { BroadcastChannel } = require('node:worker_threads');
         const channel = new BroadcastChannel(${JSON.stringify(channel)});
         channel.postMessage(0);
         channel.close();`,
        { eval: true },
      );
      await waiting;
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(signal.version).not.toBe(seen);
      await worker.terminate();
    } finally {
      signal.close();
    }
  });

  it('uses no channel for an in-memory database', () => {
    expect(wakeChannel(':memory:', 'read-store')).toBeUndefined();
  });
});

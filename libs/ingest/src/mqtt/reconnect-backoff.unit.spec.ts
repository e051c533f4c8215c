import { ReconnectBackoff } from './reconnect-backoff';

describe('ReconnectBackoff', () => {
  it('doubles up to the maximum and starts over after a reset', () => {
    const backoff = new ReconnectBackoff(1000, 8000, () => 0.5);
    expect([backoff.next(), backoff.next(), backoff.next(), backoff.next(), backoff.next()]).toEqual([
      1000, 2000, 4000, 8000, 8000,
    ]);
    backoff.reset();
    expect(backoff.next()).toBe(1000);
  });

  it('spreads retries by ±20 %', () => {
    expect(new ReconnectBackoff(1000, 8000, () => 0).next()).toBe(800);
    expect(new ReconnectBackoff(1000, 8000, () => 0.999).next()).toBe(1200);
  });
});

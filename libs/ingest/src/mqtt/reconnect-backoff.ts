/**
 * Exponential reconnect delay with jitter. mqtt.js only knows a fixed `reconnectPeriod`; the collector
 * feeds it this value before each retry, so a broker that is down is not hammered every second and a
 * fleet of collectors does not reconnect in lock-step.
 */
export class ReconnectBackoff {
  private attempt = 0;

  constructor(
    private readonly initialMs: number,
    private readonly maxMs: number,
    private readonly random: () => number = Math.random,
  ) {}

  next(): number {
    const base = Math.min(this.maxMs, this.initialMs * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 30);
    const jitter = 0.8 + 0.4 * this.random();
    return Math.max(1, Math.round(Math.min(this.maxMs, base * jitter)));
  }

  reset(): void {
    this.attempt = 0;
  }
}

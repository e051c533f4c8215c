import type { IncomingMessage } from 'node:http';

/** Drops a silent stream, but never while the sink holds the reading back (silence is ours then). */
export class IdleWatch {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly response: IncomingMessage,
    private readonly timeoutMs: number | undefined,
  ) {
    this.resume();
  }

  pause(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  resume(): void {
    if (this.timeoutMs === undefined || this.timeoutMs <= 0) return;
    clearTimeout(this.timer);
    const timeoutMs = this.timeoutMs;
    this.timer = setTimeout(() => this.response.destroy(new Error(`no data for ${timeoutMs} ms`)), timeoutMs);
  }
}

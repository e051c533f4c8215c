import type { ProjectionUpdatedMessage } from '@lorawatch/contracts';

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

interface Window {
  timer: unknown;
  pending: ProjectionUpdatedMessage | null;
}

/**
 * At most one message per projection and organisation per window: the first change is sent at once, later changes
 * in the window are merged into one message sent when it closes, so the last change is never lost and a burst
 * (replays, floods of alerts) costs each console one reload per window.
 */
export class ProjectionUpdateThrottle {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly send: (message: ProjectionUpdatedMessage) => void,
    private readonly windowMs = 500,
    private readonly timers: Timers = realTimers,
  ) {}

  push(message: ProjectionUpdatedMessage): void {
    const key = `${message.projection}\u0000${message.organization_id}`;
    const window = this.windows.get(key);
    if (window) {
      window.pending = window.pending ? merge(window.pending, message) : message;
      return;
    }
    this.send(message);
    this.open(key);
  }

  /** Drops what is pending (shutdown). */
  stop(): void {
    for (const window of this.windows.values()) this.timers.clear(window.timer);
    this.windows.clear();
  }

  private open(key: string): void {
    const window: Window = { pending: null, timer: null };
    window.timer = this.timers.set(() => {
      this.windows.delete(key);
      if (window.pending) {
        this.send(window.pending);
        this.open(key);
      }
    }, this.windowMs);
    this.windows.set(key, window);
  }
}

function merge(older: ProjectionUpdatedMessage, newer: ProjectionUpdatedMessage): ProjectionUpdatedMessage {
  return {
    ...newer,
    position: Math.max(older.position, newer.position),
    collections: [...new Set([...older.collections, ...newer.collections])].sort(),
  };
}

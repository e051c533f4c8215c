import type { RealtimeSocket } from '../lib/realtime';

/** Stands in for a socket.io client socket: the test plays the server. */
export class FakeSocket implements RealtimeSocket {
  connected = false;
  disconnected = false;
  readonly emitted: Array<{ event: string; payload: unknown }> = [];
  private readonly listeners = new Map<string, Array<() => void>>();
  private readonly anyListeners: Array<(event: string, ...args: unknown[]) => void> = [];

  on(event: 'connect', listener: () => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  onAny(listener: (event: string, ...args: unknown[]) => void): this {
    this.anyListeners.push(listener);
    return this;
  }

  emit(event: string, payload: unknown): this {
    this.emitted.push({ event, payload });
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.disconnected = true;
    return this;
  }

  /** The server accepts the connection. */
  connect(): void {
    this.connected = true;
    for (const listener of this.listeners.get('connect') ?? []) listener();
  }

  /** The server sends an event. */
  serverEmit(event: string, payload: unknown): void {
    for (const listener of this.anyListeners) listener(event, payload);
  }
}

/**
 * The messages of one MQTT connection that are received but not yet acknowledged, in the order they arrived.
 * Each is acknowledged once it is stored and every message before it has been acknowledged: MQTT 3.1.1 §4.6 has a
 * client send its PUBACKs in the order of the PUBLISH packets. At most `limit` messages are held at once; beyond
 * that, reading the next message waits until acknowledgements make room (back-pressure towards the broker).
 */
export class AckWindow {
  private readonly entries: Array<{ acknowledge: (() => void) | null; stored: boolean }> = [];
  /** Where the unacknowledged entries start: acknowledged ones are dropped in chunks, not one shift at a time. */
  private head = 0;
  private next: (() => void) | null = null;
  private closed = false;

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`the window needs a positive whole number of messages, not ${limit}`);
  }

  /** Messages received and not yet acknowledged. */
  get size(): number {
    return this.entries.length - this.head;
  }

  /**
   * Registers the next message in arrival order, with what acknowledges it (null: nothing to send, as for QoS 0).
   * Returns what to call once the message is stored.
   */
  add(acknowledge: (() => void) | null): () => void {
    const entry = { acknowledge, stored: false };
    if (!this.closed) this.entries.push(entry);
    return () => {
      entry.stored = true;
      this.release();
    };
  }

  /** Calls `readNext` now if the window has room for another message, else once it has. */
  admit(readNext: () => void): void {
    if (this.closed) return;
    if (this.size < this.limit) readNext();
    else this.next = readNext;
  }

  /** The connection is gone: nothing more is acknowledged or read through this window. */
  close(): void {
    this.closed = true;
    this.entries.length = 0;
    this.head = 0;
    this.next = null;
  }

  private release(): void {
    while (!this.closed && this.head < this.entries.length && this.entries[this.head].stored) {
      const { acknowledge } = this.entries[this.head];
      this.head += 1;
      acknowledge?.();
    }
    if (this.closed) return;
    if (this.head > 1024 || this.head === this.entries.length) {
      this.entries.splice(0, this.head);
      this.head = 0;
    }
    if (this.next !== null && this.size < this.limit) {
      const readNext = this.next;
      this.next = null;
      readNext();
    }
  }
}

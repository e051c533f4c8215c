import type { EventStore, RecordedEvent } from '@lorawatch/event-store/event-store.port';

/**
 * The last event of a stream, through the port (which reads forwards only). A lease stream grows by every
 * renewal, so reading it whole would get slower each day: the first read finds the end by doubling then halving
 * the revision probed (about 2·log2(length) one-event reads); later reads start at the last revision seen.
 */
export class StreamTail {
  private readonly lastSeen = new Map<string, number>();

  constructor(private readonly events: EventStore) {}

  async last(streamId: string): Promise<RecordedEvent | undefined> {
    const known = this.lastSeen.get(streamId);
    if (known !== undefined) {
      const since = await this.events.readStream(streamId, { fromRevision: known });
      if (since.length > 0) return this.remember(since[since.length - 1]);
    }
    return this.search(streamId);
  }

  /** After an own append: the revision written is the tail, with no read. */
  advance(streamId: string, revision: number): void {
    this.lastSeen.set(streamId, revision);
  }

  private async search(streamId: string): Promise<RecordedEvent | undefined> {
    const at = async (revision: number) =>
      (await this.events.readStream(streamId, { fromRevision: revision, maxCount: 1 }))[0];
    let found = await at(0);
    if (!found) return undefined;
    // found is at revision `low`; nothing is at `high`.
    let low = 0;
    let high = 1;
    for (let probe = await at(high); probe; probe = await at(high)) {
      found = probe;
      low = high;
      high *= 2;
    }
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      const probe = await at(middle);
      if (probe) {
        found = probe;
        low = middle;
      } else {
        high = middle;
      }
    }
    // Another writer may have appended since: the last of a final read from `low` is the tail.
    const rest = await this.events.readStream(streamId, { fromRevision: low });
    return this.remember(rest[rest.length - 1] ?? found);
  }

  private remember(event: RecordedEvent): RecordedEvent {
    this.lastSeen.set(event.streamId, event.revision);
    return event;
  }
}

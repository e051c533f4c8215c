import type { EventStore } from '@lorawatch/event-store/event-store.port';
import {
  COLLECTOR_PRESENCE_STREAM,
  CollectorPresenceEventTypes,
  isCollectorPresenceEvent,
} from './collector-lease.events';
import { StreamTail } from './stream-tail';

/** How far back a first read of the presence stream looks: many times more events than collectors write in a TTL. */
const FIRST_READ_WINDOW = 1_000;

/**
 * The collectors alive, as the presence stream tells: read incrementally (the stream grows by every announcement, so
 * only what came since the last read is read; the first read starts near the end).
 */
export class PresenceBoard {
  private readonly until = new Map<string, number>();
  private next: number | null = null;
  private readonly tail: StreamTail;

  constructor(private readonly events: EventStore) {
    this.tail = new StreamTail(events);
  }

  async refresh(): Promise<void> {
    if (this.next === null) {
      const last = await this.tail.last(COLLECTOR_PRESENCE_STREAM);
      if (!last) return;
      this.next = Math.max(0, last.revision - FIRST_READ_WINDOW + 1);
    }
    for (const event of await this.events.readStream(COLLECTOR_PRESENCE_STREAM, {
      fromRevision: this.next,
    })) {
      this.next = event.revision + 1;
      if (isCollectorPresenceEvent(event, CollectorPresenceEventTypes.Present)) {
        const { holder, until } = event.data;
        this.until.set(holder, Date.parse(until));
      } else if (isCollectorPresenceEvent(event, CollectorPresenceEventTypes.Left)) {
        this.until.delete(event.data.holder);
      }
    }
  }

  /** The collectors whose presence has not run out at `now`, allowing for clocks `skewMs` apart. */
  present(now: number, skewMs: number): string[] {
    return [...this.until].filter(([, until]) => now <= until + skewMs).map(([holder]) => holder);
  }
}

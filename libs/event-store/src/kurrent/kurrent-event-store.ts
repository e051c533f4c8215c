import {
  BACKWARDS,
  END,
  KurrentDBClient,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type EventData,
  type Filter,
  type JSONType,
  type ReadPosition,
} from '@kurrent/kurrentdb-client';
import type {
  AppendResult,
  EventHandler,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../event-store.port';
import { eventIdToUuid, metadataWithOriginalId } from './event-id';
import {
  StreamNamespace,
  commitPositionOf,
  isAfter,
  isSystemEventType,
  isSystemStream,
  toLogPosition,
  toPortPosition,
  toRecordedEvent,
  toSafeNumber,
  toStreamState,
  toWrongExpectedRevision,
  type KurrentResolvedLike,
} from './kurrent-mapping';
import { KurrentSubscription, type AllFeed, type FeedItem, type LiveFeed } from './kurrent-subscription';

export interface KurrentEventStoreOptions {
  /**
   * Namespace on a shared server: streams are stored as `<prefix><streamId>` and $all is read through a
   * server-side stream-name filter on the prefix. Empty (the default) uses the whole server.
   */
  streamPrefix?: string;
  /** Receives the error of a subscription handler that threw (the subscription then stops). Default: console.error. */
  onError?: (error: unknown) => void;
  /** Receives a dropped subscription link before it is retried. Default: console.warn. */
  onRetry?: (error: unknown) => void;
  retryDelayMs?: number;
  /** close() also disposes the client; set when the store created it. */
  ownsClient?: boolean;
}

/** Events per server read of $all; reads stop early once the caller has what it asked for. */
const PAGE_SIZE = 500;

/** EventStore port on KurrentDB / EventStoreDB 22.6+ (see kurrent-mapping.ts for how positions map). */
export class KurrentEventStore implements EventStore {
  static connect(connectionString: string, options: KurrentEventStoreOptions = {}): KurrentEventStore {
    return new KurrentEventStore(KurrentDBClient.connectionString(connectionString), {
      ...options,
      ownsClient: true,
    });
  }

  private readonly namespace: StreamNamespace;
  private readonly filter: Filter;
  private readonly subscriptions = new Set<KurrentSubscription>();

  constructor(
    private readonly client: KurrentDBClient,
    private readonly options: KurrentEventStoreOptions = {},
  ) {
    this.namespace = new StreamNamespace(options.streamPrefix ?? '');
    // One server-side filter per read: the namespace when there is one (system streams start with '$' and so
    // are outside it), otherwise the system event types. System events are also dropped client-side.
    this.filter = this.namespace.prefix
      ? streamNameFilter({ prefixes: [this.namespace.prefix] })
      : excludeSystemEvents();
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const streamName = this.namespace.qualify(streamId);
    const result = await this.client
      .appendToStream(streamName, events.map(toEventData), { streamState: toStreamState(expected) })
      .catch((error: unknown) => {
        if (error instanceof WrongExpectedVersionError)
          throw toWrongExpectedRevision(streamId, expected, error.actualState);
        throw error;
      });
    if (!result.success) throw toWrongExpectedRevision(streamId, expected, result.nextExpectedRevision);
    const revision = result.nextExpectedRevision;
    if (revision < 0n) return { nextExpectedRevision: -1, position: 0 };
    // The answer's commit position is that of the write; with one event it is the event's own. A replayed
    // (idempotent) append answers without a position, and for several events we do not rely on which
    // record the server reports: the last event's position is read back.
    const commit = events.length === 1 ? result.position?.commit : undefined;
    const position =
      commit !== undefined && commit >= 0n
        ? toPortPosition(commit)
        : await this.positionOf(streamName, revision);
    return { nextExpectedRevision: toSafeNumber(revision, 'revision'), position };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    if (options.maxCount === 0) return [];
    const events: RecordedEvent[] = [];
    try {
      const reads = this.client.readStream(this.namespace.qualify(streamId), {
        fromRevision: BigInt(options.fromRevision ?? 0),
        ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
      });
      for await (const resolved of reads) {
        const event = toRecordedEvent(resolved, this.namespace);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const maxCount = options.maxCount ?? Number.POSITIVE_INFINITY;
    const events: RecordedEvent[] = [];
    if (maxCount <= 0) return events;
    for await (const item of this.scanAll(options.after ?? 0)) {
      if (!item.event) continue;
      // Record times follow commit order on the leader, so the first later event ends an as-of read.
      if (isAfter(item.event.recordedAt, options.until)) break;
      events.push(item.event);
      if (events.length >= maxCount) break;
    }
    return events;
  }

  async headPosition(): Promise<number> {
    let from: ReadPosition = END;
    for (;;) {
      let count = 0;
      let last: bigint | null = null;
      for await (const resolved of this.client.readAll({
        direction: BACKWARDS,
        fromPosition: from,
        maxCount: PAGE_SIZE,
        filter: this.filter,
      })) {
        count += 1;
        const commit = commitPositionOf(resolved);
        if (commit === null) continue;
        if (isVisible(resolved)) return toPortPosition(commit);
        last = commit;
      }
      if (count < PAGE_SIZE || last === null) return 0;
      // Reading backwards from an event's position starts before that event.
      from = { commit: last, prepare: last };
    }
  }

  subscribeToAll(options: SubscribeOptions, handler: EventHandler): Subscription {
    const subscription = new KurrentSubscription(this.feed(), options, handler, {
      onError: this.options.onError ?? ((error) => console.error('Event store subscription stopped:', error)),
      onRetry:
        this.options.onRetry ??
        ((error) => console.warn('Event store subscription lost its link, retrying:', error)),
      retryDelayMs: this.options.retryDelayMs ?? 1_000,
      onStopped: (stopped) => this.subscriptions.delete(stopped),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    if (this.options.ownsClient) await this.client.dispose();
  }

  /** Entries of $all (through the filter) strictly after a port position, in order, read page by page. */
  private async *scanAll(after: number): AsyncGenerator<FeedItem> {
    let from = after;
    for (;;) {
      let count = 0;
      let last = from;
      const page = this.client.readAll({
        fromPosition: from === 0 ? START : toLogPosition(from),
        maxCount: PAGE_SIZE,
        filter: this.filter,
      });
      for await (const resolved of page) {
        count += 1;
        const item = this.toFeedItem(resolved);
        // Reading $all from a position includes the event at that position; the port's `after` does not.
        if (!item || item.position <= from) continue;
        last = item.position;
        yield item;
      }
      if (count < PAGE_SIZE || last === from) return;
      from = last;
    }
  }

  private feed(): AllFeed {
    return {
      head: () => this.headPosition(),
      subscribe: (after) => this.liveFeed(after),
    };
  }

  private liveFeed(after: number): LiveFeed {
    // Subscribing from a position starts after it (unlike a read); the subscription also skips <= after.
    const live = this.client.subscribeToAll({
      fromPosition: after === 0 ? START : toLogPosition(after),
      filter: this.filter,
    });
    const toFeedItem = (resolved: AllStreamResolvedEvent): FeedItem | null => this.toFeedItem(resolved);
    return {
      unsubscribe: () => live.unsubscribe(),
      async *[Symbol.asyncIterator]() {
        for await (const resolved of live) {
          const item = toFeedItem(resolved);
          if (item) yield item;
        }
      },
    };
  }

  private toFeedItem(resolved: KurrentResolvedLike): FeedItem | null {
    const commit = commitPositionOf(resolved);
    if (commit === null) return null;
    return { position: toPortPosition(commit), event: toRecordedEvent(resolved, this.namespace) };
  }

  private async positionOf(streamName: string, revision: bigint): Promise<number> {
    for await (const resolved of this.client.readStream(streamName, {
      fromRevision: revision,
      maxCount: 1,
    })) {
      const commit = commitPositionOf(resolved);
      if (commit !== null) return toPortPosition(commit);
    }
    throw new Error(`KurrentDB sent no position for ${streamName}@${revision} (server 22.6+ needed)`);
  }
}

function toEventData(event: NewEvent): EventData {
  return {
    id: eventIdToUuid(event.id),
    contentType: 'application/json',
    type: event.type,
    // Any JSON value is stored as JSON; the client's type only names the object, array and string cases.
    data: event.data as JSONType,
    metadata: metadataWithOriginalId(event.metadata, event.id),
  };
}

function isVisible(resolved: KurrentResolvedLike): boolean {
  const record = resolved.event;
  return !!record && !isSystemEventType(record.type) && !isSystemStream(record.streamId);
}

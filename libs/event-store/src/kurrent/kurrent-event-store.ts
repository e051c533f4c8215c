import {
  BACKWARDS,
  END,
  KurrentDBClient,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type EventData,
  type Filter,
  type JSONType,
  type Position,
  type ReadPosition,
} from '@kurrent/kurrentdb-client';
import {
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventHandler,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../event-store.port';
import { eventIdToUuid, metadataWithOriginalId, originalIdAndMetadata } from './event-id';
import { clientConnectionString } from '@lorawatch/config/kurrent-connection-string';
import { KurrentIncompatibleError } from './kurrent-errors';
import { boundOf, repeatedId, replayIn, type StreamBound, type TailEvent } from './kurrent-idempotency';
import {
  StreamNamespace,
  commitPositionOf,
  isAfter,
  isSystemEventType,
  eventTypesRegex,
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
import { KurrentChainLinkLog } from './kurrent-chain-link-log';

/** What the store asks of the KurrentDB client (the edge the unit specs stand in for). */
export type KurrentStoreClient = Pick<
  KurrentDBClient,
  | 'appendToStream'
  | 'readStream'
  | 'readAll'
  | 'subscribeToAll'
  | 'getStreamMetadata'
  | 'setStreamMetadata'
  | 'dispose'
>;

export interface KurrentEventStoreOptions {
  /**
   * Namespace on a shared server: streams are stored as `<prefix><streamId>` and $all is read through a
   * server-side stream-name filter on the prefix. Empty (the default) uses the whole server.
   */
  streamPrefix?: string;
  /**
   * Receives the error of a subscription handler that threw, or a permanent failure of its read (refused
   * credentials, a request the server cannot serve): the subscription then stops. Default: console.error.
   */
  onError?: (error: unknown) => void;
  /**
   * Receives a transient failure (a dropped link) before it is retried, and a failed write of a bounded stream's
   * metadata (tried again on its next append). Default: console.warn.
   */
  onRetry?: (error: unknown) => void;
  /** First delay before a dropped subscription link is retried (doubled on each failure in a row). Default 1 000. */
  retryDelayMs?: number;
  /** Longest delay between retries of a dropped link. Default 30 000. */
  maxRetryDelayMs?: number;
  /**
   * Streams whose history is not worth keeping (leases, presence): each gets $maxCount the first time this store
   * appends to it, so the server keeps its last events only. Default: none.
   */
  streamBounds?: readonly StreamBound[];
  /** close() also disposes the client; set when the store created it. */
  ownsClient?: boolean;
}

/** Events per server read of $all; reads stop early once the caller has what it asked for. */
const PAGE_SIZE = 500;

/** Events read before the appended ones when an 'any' append looks for a replay of itself. */
export const REPLAY_WINDOW = 64;

/** How far back an id found in the window is followed, to tell a replay from a reuse. */
const MAX_REPLAY_WINDOW = 4_096;

/** Reads and conditional appends an 'any' append tries before it leaves the check to the server. */
const APPEND_AT_END_ATTEMPTS = 5;

/**
 * A type-filtered subscription gets a checkpoint every CHECKPOINT_INTERVAL × the server's search window (its
 * default page size) entries it looked at, and one when it catches up: its position follows the log without the
 * events of other types.
 */
const CHECKPOINT_INTERVAL = 1;

/** A checkpoint of a server-side filter, in the subscription's stream among its events. */
class CheckpointMark {
  constructor(readonly commit: bigint) {}
}

function checkpointItem(commit: bigint): FeedItem | null {
  return commit < 0n ? null : { position: toPortPosition(commit), event: null };
}

/** EventStore port on KurrentDB / EventStoreDB 22.6+ (see kurrent-mapping.ts for how positions map). */
export class KurrentEventStore implements EventStore {
  /** Accepts the older esdb:// and eventstoredb:// schemes too (see kurrent-connection-string.ts). */
  static connect(connectionString: string, options: KurrentEventStoreOptions = {}): KurrentEventStore {
    const client = KurrentDBClient.connectionString(clientConnectionString(connectionString));
    return new KurrentEventStore(client, {
      ...options,
      ownsClient: true,
    });
  }

  private readonly namespace: StreamNamespace;
  private readonly filter: Filter;
  private readonly subscriptions = new Set<KurrentSubscription>();
  /** Bounded streams whose $maxCount this store has checked (or is checking). */
  private readonly boundChecked = new Map<string, Promise<void>>();

  constructor(
    private readonly client: KurrentStoreClient,
    private readonly options: KurrentEventStoreOptions = {},
  ) {
    this.namespace = new StreamNamespace(options.streamPrefix ?? '');
    boundOf('', options.streamBounds ?? []); // refuses a bound without a positive maxCount now, not on an append
    // One server-side filter per read: the namespace when there is one (system streams start with '$' and so
    // are outside it), otherwise the system event types. System events are also dropped client-side.
    this.filter = this.namespace.prefix
      ? streamNameFilter({ prefixes: [this.namespace.prefix] })
      : excludeSystemEvents();
  }

  /**
   * With an expected revision (or 'no_stream') the server's own idempotency is exact: a retried append answers
   * its original result. With 'any' or 'stream_exists' the server only checks its recent appends, so the store
   * first reads the end of the stream (the events appended plus REPLAY_WINDOW before them), answers an exact
   * replay found there with its original result, refuses an id found there otherwise (DuplicateEventIdError, as
   * the embedded store does), and appends at the revision it read, reading again when another writer came first.
   */
  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const repeated = repeatedId(events.map((event) => event.id));
    if (repeated !== null) throw new Error(`Event id ${repeated} appears twice in one append to ${streamId}`);
    const result =
      events.length > 0 && (expected === 'any' || expected === 'stream_exists')
        ? await this.appendAtEnd(streamId, events, expected)
        : await this.appendAt(streamId, events, expected);
    await this.bound(streamId);
    return result;
  }

  private async appendAtEnd(
    streamId: string,
    events: NewEvent[],
    expected: 'any' | 'stream_exists',
  ): Promise<AppendResult> {
    const ids = events.map((event) => event.id);
    for (let attempt = 1; ; attempt += 1) {
      let window = events.length + REPLAY_WINDOW;
      let tail = await this.tail(streamId, window);
      let check = replayIn(tail, ids);
      // A reused id in a full window may belong to a replay that starts before it: look further back.
      while (check.kind === 'duplicate' && tail.length === window && window < MAX_REPLAY_WINDOW) {
        window = Math.min(window * 4, MAX_REPLAY_WINDOW);
        tail = await this.tail(streamId, window);
        check = replayIn(tail, ids);
      }
      if (check.kind === 'replay') return { nextExpectedRevision: check.revision, position: check.position };
      if (check.kind === 'duplicate') throw new DuplicateEventIdError(check.id, streamId, check.revision);
      const last = tail.length > 0 ? tail[tail.length - 1].revision : null;
      if (last === null && expected === 'stream_exists')
        throw new WrongExpectedRevisionError(streamId, expected, 'no_stream');
      // Under heavy contention the last attempt falls back to the server's own (best-effort) check.
      if (attempt >= APPEND_AT_END_ATTEMPTS) return this.appendAt(streamId, events, expected);
      try {
        return await this.appendAt(streamId, events, last === null ? 'no_stream' : last);
      } catch (error) {
        // Another writer appended since the read (perhaps this very append, retried elsewhere): look again.
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
    }
  }

  /** The last `count` events of a stream in revision order (empty when it does not exist). */
  private async tail(streamId: string, count: number): Promise<TailEvent[]> {
    const events: TailEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(this.namespace.qualify(streamId), {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: count,
      })) {
        const record = resolved.event;
        const commit = commitPositionOf(resolved);
        if (!record || commit === null) continue;
        events.push({
          id: originalIdAndMetadata(record.metadata, record.id).id,
          revision: toSafeNumber(record.revision, 'revision'),
          position: toPortPosition(commit),
        });
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events.reverse();
  }

  /** Sets $maxCount on a bounded stream once per store (read first: nothing is written when it is already set). */
  private bound(streamId: string): Promise<void> {
    const maxCount = boundOf(streamId, this.options.streamBounds ?? []);
    if (maxCount === null) return Promise.resolve();
    const known = this.boundChecked.get(streamId);
    if (known) return known;
    const streamName = this.namespace.qualify(streamId);
    const checking = (async () => {
      const { metadata } = await this.client.getStreamMetadata(streamName);
      if (metadata?.maxCount !== maxCount)
        await this.client.setStreamMetadata(streamName, { ...(metadata ?? {}), maxCount });
    })().catch((error: unknown) => {
      // The append itself succeeded; the next append to the stream tries again.
      this.boundChecked.delete(streamId);
      (this.options.onRetry ?? console.warn)(error);
    });
    this.boundChecked.set(streamId, checking);
    return checking;
  }

  private async appendAt(
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
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
    const subscription = new KurrentSubscription(this.feed(options.types), options, handler, {
      onError: this.options.onError ?? ((error) => console.error('Event store subscription stopped:', error)),
      onRetry:
        this.options.onRetry ??
        ((error) => console.warn('Event store subscription lost its link, retrying:', error)),
      retryDelayMs: this.options.retryDelayMs ?? 1_000,
      maxRetryDelayMs: this.options.maxRetryDelayMs ?? 30_000,
      onStopped: (stopped) => this.subscriptions.delete(stopped),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    if (this.options.ownsClient) await this.client.dispose();
  }

  /**
   * The log of the tamper-evident chain kept over this store's events (docs/architecture.md, "Tamper evidence"):
   * the system stream of its namespace, which the store's own reads never show.
   */
  chainLinkLog(): KurrentChainLinkLog {
    return new KurrentChainLinkLog(this.client, this.namespace.prefix, this.options.streamBounds ?? []);
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

  /**
   * Without types, the feed is the store's filter (the namespace, or no system events). With types, the server
   * filters on them (an exact event-type regex), so a subscription no longer streams all of $all; the namespace,
   * if any, is then checked here, and the filter's checkpoints move the position past the other types.
   */
  private feed(types: readonly string[] | undefined): AllFeed {
    if (types === undefined) {
      return {
        head: () => this.headPosition(),
        subscribe: (after) => this.liveFeed(after, () => this.filter),
      };
    }
    const regex = eventTypesRegex(types);
    return {
      head: () => this.headPosition(),
      subscribe: (after) =>
        this.liveFeed(after, (checkpointReached) =>
          eventTypeFilter({ regex, checkpointInterval: CHECKPOINT_INTERVAL, checkpointReached }),
        ),
      nextSent: (after) => this.firstAfter(after, eventTypeFilter({ regex })),
    };
  }

  private liveFeed(
    after: number,
    filterOf: (
      checkpointReached: (subscription: AllStreamSubscription, position: Position) => void,
    ) => Filter,
  ): LiveFeed {
    // A checkpoint is reported while the client reads the server's answer, before the events ahead of it may
    // have been iterated: it is pushed into the same stream, behind them, so it is taken in order.
    const checkpointReached = (subscription: AllStreamSubscription, position: Position): void => {
      subscription.push(new CheckpointMark(position.commit));
    };
    // Subscribing from a position starts after it (unlike a read); the subscription also skips <= after.
    const live = this.client.subscribeToAll({
      fromPosition: after === 0 ? START : toLogPosition(after),
      filter: filterOf(checkpointReached),
    });
    const toFeedItem = (resolved: AllStreamResolvedEvent): FeedItem | null => this.toFeedItem(resolved);
    return {
      unsubscribe: () => live.unsubscribe(),
      async *[Symbol.asyncIterator]() {
        for await (const entry of live as AsyncIterable<AllStreamResolvedEvent | CheckpointMark>) {
          const item = entry instanceof CheckpointMark ? checkpointItem(entry.commit) : toFeedItem(entry);
          if (item) yield item;
        }
      },
    };
  }

  /** Position of the first entry through `filter` strictly after a port position, or null when none. */
  private async firstAfter(after: number, filter: Filter): Promise<number | null> {
    // Reading $all from a position includes the entry there: two entries give the one after it.
    for await (const resolved of this.client.readAll({
      fromPosition: after === 0 ? START : toLogPosition(after),
      maxCount: 2,
      filter,
    })) {
      const commit = commitPositionOf(resolved);
      if (commit !== null && toPortPosition(commit) > after) return toPortPosition(commit);
    }
    return null;
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
    throw new KurrentIncompatibleError(
      `KurrentDB sent no position for ${streamName}@${revision} (server 22.6+ needed)`,
    );
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

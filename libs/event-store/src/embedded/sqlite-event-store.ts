import { ORIGINAL_ID_KEY, ORIGINAL_RECORDED_AT_KEY, originalIdAndMetadata } from '../kurrent/event-id';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { retryWhileBusy } from '@lorawatch/sqlite/busy-retry';
import { WakeSignal, wakeChannel } from '@lorawatch/sqlite/wake-signal';
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
import { chainHash, type ChainGenesis } from '../chain/event-chain';
import { prepareEventTables } from './event-chain-schema';
import { toRecordedEvent, type EventRow } from './event-rows';
import { SqliteSubscription, type EventFeed } from './sqlite-subscription';

export interface SqliteEventStoreOptions {
  /** How often idle subscriptions look for appends made by another process; appends here wake them at once. */
  pollIntervalMs?: number;
  /** Receives the error of a subscription handler that threw (the subscription then stops). Default: console.error. */
  onError?: (error: unknown) => void;
  /** close() also closes the connection; set when the store opened the file itself. */
  ownsDatabase?: boolean;
  now?: () => Date;
}

interface StreamEnd {
  revision: number;
  position: number;
}

interface ChainTip {
  position: number;
  hash: string | null;
  recorded_at: string;
}

interface EventPlace {
  stream_id: string;
  revision: number;
}

const ALL = -1; // SQLite reads LIMIT -1 as "no limit".

/** KurrentDB-like event store on one SQLite table (see event-rows.ts). */
export class SqliteEventStore implements EventStore {
  static open(file: string, options: SqliteEventStoreOptions = {}): SqliteEventStore {
    return new SqliteEventStore(openDatabase(file), { ...options, ownsDatabase: true });
  }

  private readonly appended: WakeSignal;
  private readonly subscriptions = new Set<SqliteSubscription>();
  private readonly statements: ReturnType<typeof prepareStatements>;
  /** Where this store's tamper-evident chain starts (see event-chain-schema.ts). */
  readonly genesis: ChainGenesis;

  constructor(
    private readonly db: Database,
    private readonly options: SqliteEventStoreOptions = {},
  ) {
    this.appended = new WakeSignal(wakeChannel(db.name, 'events'));
    this.genesis = prepareEventTables(db, () => this.options.now?.() ?? new Date()).genesis;
    this.statements = prepareStatements(db);
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    // IMMEDIATE takes the write lock up front, so another process cannot slip in between the checks and the inserts.
    const { result, written } = await retryWhileBusy(() =>
      this.db.transaction(() => this.appendNow(streamId, events, expected)).immediate(),
    );
    if (written) this.appended.notify();
    return result;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const rows = this.statements.readStream.all(streamId, options.fromRevision ?? 0, options.maxCount ?? ALL);
    return rows.map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    // Normalised so that the text comparison with recorded_at (always toISOString) is a time comparison.
    const until = options.until === undefined ? null : new Date(options.until).toISOString();
    const rows = this.statements.readAll.all(options.after ?? 0, until, until, options.maxCount ?? ALL);
    return rows.map(toRecordedEvent);
  }

  async headPosition(): Promise<number> {
    return this.head();
  }

  subscribeToAll(options: SubscribeOptions, handler: EventHandler): Subscription {
    const subscription = new SqliteSubscription(this.feed(), options, handler, {
      pollIntervalMs: this.options.pollIntervalMs ?? 250,
      onError: this.options.onError ?? ((error) => console.error('Event store subscription stopped:', error)),
      onStopped: (stopped) => this.subscriptions.delete(stopped),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    this.appended.close();
    if (this.options.ownsDatabase && this.db.open) this.db.close();
  }

  private appendNow(
    streamId: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): { result: AppendResult; written: boolean } {
    const replayed = this.replayedResult(streamId, events);
    if (replayed) return { result: replayed, written: false };

    const end = this.statements.streamEnd.get(streamId);
    checkExpectedRevision(streamId, expected, end?.revision);
    let revision = end?.revision ?? -1;
    // The write lock is held: the newest row is the chain's tip for every process appending to this file.
    const tip = this.statements.tip.get();
    let position = tip?.position ?? 0;
    let previousHash = this.previousHash(tip);
    const now = this.options.now?.() ?? new Date();
    let previousRecorded = tip?.recorded_at;
    for (const event of events) {
      const existing = this.statements.placeOf.get(event.id);
      if (existing) throw new DuplicateEventIdError(event.id, existing.stream_id, existing.revision);
      revision += 1;
      position += 1;
      // A copy (the migration) keeps the time its original was recorded, as the KurrentDB adapter does.
      const { metadata, recordedAt: original } = copyTimeAndMetadata(event.metadata, event.id);
      const recordedAt = recordedTime(original === undefined ? now : new Date(original), previousRecorded);
      previousRecorded = recordedAt;
      const hash = chainHash(previousHash, {
        position,
        streamId,
        revision,
        eventId: event.id,
        type: event.type,
        data: event.data,
        metadata,
        recordedAt,
      });
      this.statements.insert.run(
        position,
        streamId,
        revision,
        event.id,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify(metadata),
        recordedAt,
        hash,
      );
      previousHash = hash;
    }
    return { result: { nextExpectedRevision: revision, position }, written: events.length > 0 };
  }

  /** A retried append (same ids, same order, already in this stream) gets its original result, like KurrentDB. */
  private replayedResult(streamId: string, events: NewEvent[]): AppendResult | null {
    if (events.length === 0) return null;
    const first = this.statements.placeOf.get(events[0].id);
    if (!first || first.stream_id !== streamId) return null;
    const rows = this.statements.readStream.all(streamId, first.revision, events.length);
    if (rows.length !== events.length || rows.some((row, index) => row.event_id !== events[index].id))
      return null;
    const last = rows[rows.length - 1];
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  /** The hash the next event chains to: the tip's, or the genesis's when nothing was appended since the chain started. */
  private previousHash(tip: ChainTip | undefined): string {
    if (!tip || tip.position <= this.genesis.position) return this.genesis.hash;
    if (tip.hash === null)
      throw new Error(
        `The event at position ${tip.position} has no hash: the chain is broken (run npm run audit:verify)`,
      );
    return tip.hash;
  }

  private head(): number {
    return this.statements.head.get()?.head ?? 0;
  }

  private feed(): EventFeed {
    return {
      head: () => this.head(),
      read: (after, upTo, types, limit) => {
        const typeList = types === undefined ? null : JSON.stringify(types);
        return this.statements.readFeed.all(after, upTo, typeList, typeList, limit).map(toRecordedEvent);
      },
      appended: this.appended,
    };
  }
}

/**
 * The time an append is recorded at: the clock's, but never earlier than the tip's, so that recorded times follow
 * the positions. "Recorded up to T" is then always a prefix of the store, however the wall clock was set back: the
 * as-of read models (the last position recorded by T) and a filter on recorded times cut the history alike.
 */
/**
 * The metadata to store and, for a copy, the time its original was recorded. Only the migration's copies carry
 * the keys that originalIdAndMetadata takes out; a live append's metadata is stored as it is, without a copy.
 */
function copyTimeAndMetadata(
  metadata: NewEvent['metadata'],
  eventId: string,
): { metadata: NewEvent['metadata']; recordedAt?: string } {
  if (
    metadata !== null &&
    typeof metadata === 'object' &&
    !Array.isArray(metadata) &&
    !(metadata instanceof Uint8Array) &&
    !(ORIGINAL_RECORDED_AT_KEY in metadata) &&
    !(ORIGINAL_ID_KEY in metadata)
  )
    return { metadata };
  return originalIdAndMetadata(metadata, eventId);
}

function recordedTime(now: Date, previous: string | undefined): string {
  const time = now.toISOString();
  if (previous === undefined) return time;
  const previousMillis = Date.parse(previous);
  return Number.isNaN(previousMillis) || previousMillis <= now.getTime()
    ? time
    : new Date(previousMillis).toISOString();
}

function checkExpectedRevision(
  streamId: string,
  expected: ExpectedRevision,
  current: number | undefined,
): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === undefined) ||
    (expected === 'stream_exists' && current !== undefined) ||
    expected === current;
  if (!ok) throw new WrongExpectedRevisionError(streamId, expected, current ?? 'no_stream');
}

function prepareStatements(db: Database) {
  return {
    streamEnd: db.prepare<[string], StreamEnd>(
      'SELECT revision, position FROM events WHERE stream_id = ? ORDER BY revision DESC LIMIT 1',
    ),
    placeOf: db.prepare<[string], EventPlace>('SELECT stream_id, revision FROM events WHERE event_id = ?'),
    // Positions are given, not left to AUTOINCREMENT, because each event's hash covers its position; the next
    // position is the tip's plus one, as events are never deleted.
    insert: db.prepare<[number, string, number, string, string, string, string, string, string]>(
      `INSERT INTO events (position, stream_id, revision, event_id, type, data, metadata, recorded_at, hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    tip: db.prepare<[], ChainTip>(
      'SELECT position, hash, recorded_at FROM events ORDER BY position DESC LIMIT 1',
    ),
    readStream: db.prepare<[string, number, number], EventRow>(
      'SELECT * FROM events WHERE stream_id = ? AND revision >= ? ORDER BY revision LIMIT ?',
    ),
    readAll: db.prepare<[number, string | null, string | null, number], EventRow>(
      `SELECT * FROM events WHERE position > ? AND (? IS NULL OR recorded_at <= ?)
       ORDER BY position LIMIT ?`,
    ),
    readFeed: db.prepare<[number, number, string | null, string | null, number], EventRow>(
      `SELECT * FROM events WHERE position > ? AND position <= ?
         AND (? IS NULL OR type IN (SELECT value FROM json_each(?)))
       ORDER BY position LIMIT ?`,
    ),
    head: db.prepare<[], { head: number }>('SELECT COALESCE(MAX(position), 0) AS head FROM events'),
  };
}

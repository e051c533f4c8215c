import BetterSqlite3 from 'better-sqlite3';
import { existsSync } from 'node:fs';
import type { Database } from '@lorawatch/sqlite/open-database';
import { WakeSignal } from '@lorawatch/sqlite/wake-signal';
import { toRecordedEvent, type EventRow } from '@lorawatch/event-store/embedded/event-rows';
import type {
  EventStore,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '@lorawatch/event-store/event-store.port';
import { SqliteSubscription, type EventFeed } from '@lorawatch/event-store/embedded/sqlite-subscription';

const ALL = -1; // SQLite reads LIMIT -1 as "no limit".

/** Where the history of an embedded store ends at a given time. */
export interface HistoryBounds {
  /** Recorded time of the store's first event; null when the store holds none. */
  firstEventAt: string | null;
  /** The last position recorded at or before the time asked (0 when none). */
  lastPosition: number;
}

/** The embedded event store could not be opened for reading (no file, or no events table). */
export class NoEventStoreError extends Error {
  constructor(file: string) {
    super(`No event store to read in ${file}`);
    this.name = 'NoEventStoreError';
  }
}

/**
 * Opens the embedded store's file read-only: nothing is created, migrated or written, so it can be read while the
 * server appends to it (WAL lets readers run beside the writer).
 */
export function openEventsReadOnly(file: string): Database {
  if (!existsSync(file)) throw new NoEventStoreError(file);
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const table = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'events'")
    .get();
  if (!table) {
    db.close();
    throw new NoEventStoreError(file);
  }
  return db;
}

/** The first event's time and the last position recorded at or before `until` (an ISO time). */
export function historyBounds(db: Database, until: string): HistoryBounds {
  const first = db
    .prepare<[], { recorded_at: string }>('SELECT recorded_at FROM events ORDER BY position LIMIT 1')
    .get();
  // recorded_at is always written by toISOString(): the text comparison is a time comparison.
  const last = db
    .prepare<[string], { position: number | null }>(
      'SELECT MAX(position) AS position FROM events WHERE recorded_at <= ?',
    )
    .get(new Date(until).toISOString());
  return { firstEventAt: first?.recorded_at ?? null, lastPosition: last?.position ?? 0 };
}

/**
 * The events of a read-only connection up to a fixed position: the history as it stood then. Subscriptions catch up
 * to that position and never see what was appended after it; appends are refused.
 */
export class FrozenEventStore implements EventStore {
  private readonly signal = new WakeSignal();
  private readonly subscriptions = new Set<SqliteSubscription>();
  private readonly statements: ReturnType<typeof prepareStatements>;

  constructor(
    db: Database,
    private readonly lastPosition: number,
    private readonly onError: (error: unknown) => void = (error) => console.error(error),
  ) {
    this.statements = prepareStatements(db);
  }

  append(): Promise<never> {
    return Promise.reject(new Error('The history as it was cannot be appended to'));
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    return this.statements.readStream
      .all(streamId, options.fromRevision ?? 0, this.lastPosition, options.maxCount ?? ALL)
      .map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const until = options.until === undefined ? null : new Date(options.until).toISOString();
    return this.statements.readAll
      .all(options.after ?? 0, this.lastPosition, until, until, options.maxCount ?? ALL)
      .map(toRecordedEvent);
  }

  async headPosition(): Promise<number> {
    return this.lastPosition;
  }

  subscribeToAll(
    options: SubscribeOptions,
    handler: (event: RecordedEvent) => Promise<void> | void,
  ): Subscription {
    const subscription = new SqliteSubscription(this.feed(), options, handler, {
      // Nothing is ever appended: the wait only paces a subscription that has read everything.
      pollIntervalMs: 60_000,
      onError: this.onError,
      onStopped: (stopped) => this.subscriptions.delete(stopped),
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    this.signal.close();
  }

  private feed(): EventFeed {
    return {
      head: () => this.lastPosition,
      read: (after, upTo, types, limit) => {
        const typeList = types === undefined ? null : JSON.stringify(types);
        return this.statements.readFeed
          .all(after, Math.min(upTo, this.lastPosition), typeList, typeList, limit)
          .map(toRecordedEvent);
      },
      appended: this.signal,
    };
  }
}

function prepareStatements(db: Database) {
  return {
    readStream: db.prepare<[string, number, number, number], EventRow>(
      'SELECT * FROM events WHERE stream_id = ? AND revision >= ? AND position <= ? ORDER BY revision LIMIT ?',
    ),
    readAll: db.prepare<[number, number, string | null, string | null, number], EventRow>(
      `SELECT * FROM events WHERE position > ? AND position <= ? AND (? IS NULL OR recorded_at <= ?)
       ORDER BY position LIMIT ?`,
    ),
    readFeed: db.prepare<[number, number, string | null, string | null, number], EventRow>(
      `SELECT * FROM events WHERE position > ? AND position <= ?
         AND (? IS NULL OR type IN (SELECT value FROM json_each(?)))
       ORDER BY position LIMIT ?`,
    ),
  };
}

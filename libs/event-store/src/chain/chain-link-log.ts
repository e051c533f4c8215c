import type { EventStore, RecordedEvent } from '../event-store.port';

/** One record of a chain's link log: its genesis first, then its links, in revision order. */
export interface ChainLogRecord {
  revision: number;
  type: string;
  data: unknown;
}

/** A record to append: the id is derived from what it covers, so the same record written twice is kept once. */
export interface NewChainLogRecord {
  id: string;
  type: string;
  data: unknown;
  /** When the chainer wrote it (the record's metadata). */
  writtenAt: string;
}

/**
 * Where a link log kept on a server is, apart from the connection: what a walk in another thread or process needs,
 * with the server's connection string, to open the same store and log again (plain data).
 */
export interface ChainLogScope {
  /** The store's stream prefix ('' for none). */
  streamPrefix: string;
  /** The store's bounded streams, which the chain leaves out. */
  streamBounds: ReadonlyArray<{ prefix: string; maxCount: number }>;
}

/**
 * Where a chainer keeps the chain of a store whose appends no single writer orders (docs/architecture.md, "Tamper
 * evidence"): a stream with optimistic concurrency, so that two chainers cannot both extend the chain.
 */
export interface ChainLinkLog {
  /** The name the records are kept under (for messages). */
  readonly name: string;
  /** The records from `fromRevision` (default 0) on, in revision order; empty when the chain has not started. */
  read(fromRevision?: number): Promise<ChainLogRecord[]>;
  /**
   * Appends one record after the log's record at `expected` ('no_stream': as the first). Answers the record's
   * revision. Throws WrongExpectedRevisionError when another chainer appended first; a record of the same id
   * already at that place is answered as appended (the write was a replay).
   */
  append(record: NewChainLogRecord, expected: number | 'no_stream'): Promise<number>;
  /**
   * Whether the chain leaves an event of the store out: the log's own records, and events of streams whose old
   * events the store drops by design (a bounded stream's), which the chain could not vouch for once dropped.
   */
  outsideChain(event: RecordedEvent): boolean;
  /** Set when the log is on a server (KurrentDB): how another thread opens it again. */
  readonly scope?: ChainLogScope;
}

export const chainerMetadata = (writtenAt: string) => ({
  organizationId: null,
  actor: 'event-chainer',
  correlationId: 'event-chain',
  causationId: null,
  occurredAt: writtenAt,
  schemaVersion: 1,
});

/**
 * The link log as an ordinary stream of the store it chains, through the port (any adapter). Its events are
 * among the store's own, so the chainer and the verification skip them.
 */
export class StreamChainLinkLog implements ChainLinkLog {
  constructor(
    private readonly store: EventStore,
    readonly name: string,
  ) {}

  async read(fromRevision = 0): Promise<ChainLogRecord[]> {
    return (await this.store.readStream(this.name, { fromRevision })).map((event) => ({
      revision: event.revision,
      type: event.type,
      data: event.data,
    }));
  }

  async append(record: NewChainLogRecord, expected: number | 'no_stream'): Promise<number> {
    const result = await this.store.append(
      this.name,
      [{ id: record.id, type: record.type, data: record.data, metadata: chainerMetadata(record.writtenAt) }],
      expected,
    );
    return result.nextExpectedRevision;
  }

  outsideChain(event: RecordedEvent): boolean {
    return event.streamId === this.name;
  }
}

import type { EventMetadata } from '@lorawatch/domain/event-envelope';

/**
 * Event store port, shaped on KurrentDB semantics: streams with optimistic concurrency
 * and a catch-up subscription to all events from a global position.
 */
export interface NewEvent<TData = unknown> {
  /** Unique event id (uuid or a deterministic id). */
  id: string;
  type: string;
  data: TData;
  metadata: EventMetadata;
}

export interface RecordedEvent<TData = unknown> extends NewEvent<TData> {
  streamId: string;
  /** 0-based revision of the event inside its stream. */
  revision: number;
  /** 1-based global position in the whole store (commit order). */
  position: number;
  recordedAt: string;
}

/** number = the stream's current last revision (0-based); 'no_stream' = must not exist; 'any' = no check. */
export type ExpectedRevision = number | 'no_stream' | 'stream_exists' | 'any';

export interface AppendResult {
  /** Revision of the last appended event. */
  nextExpectedRevision: number;
  /** Global position of the last appended event. */
  position: number;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(
      `Wrong expected revision on stream ${streamId}: expected ${String(expected)}, actual ${String(actual)}`,
    );
    this.name = 'WrongExpectedRevisionError';
  }
}

/**
 * An append reuses an event id recorded elsewhere (another stream, or another place in this stream).
 * An exact replay of an earlier append is not an error: it returns the original result.
 */
export class DuplicateEventIdError extends Error {
  constructor(
    readonly eventId: string,
    readonly existingStreamId: string,
    readonly existingRevision: number,
  ) {
    super(`Event id ${eventId} already exists in stream ${existingStreamId} at revision ${existingRevision}`);
    this.name = 'DuplicateEventIdError';
  }
}

export interface ReadStreamOptions {
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Read events with position strictly greater than this (0 = from the start). */
  after?: number;
  maxCount?: number;
  /** Only events up to this recorded time (auditors' "as of"). */
  until?: string;
}

export interface SubscribeOptions {
  /** Start after this position (0 = from the start). */
  after: number;
  /** Event types to deliver (others are skipped but still advance the position). */
  types?: string[];
  batchSize?: number;
}

/** A running subscription. Handler calls are strictly sequential and in position order. */
export interface Subscription {
  /** Position of the last event the handler completed. */
  readonly position: number;
  /** Resolves when the subscription has delivered everything recorded up to now. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

export type EventHandler = (event: RecordedEvent) => Promise<void> | void;

export interface EventStore {
  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Global position of the newest event (0 when empty). */
  headPosition(): Promise<number>;
  subscribeToAll(options: SubscribeOptions, handler: EventHandler): Subscription;
  close(): Promise<void>;
}

export const EVENT_STORE = Symbol('EVENT_STORE');

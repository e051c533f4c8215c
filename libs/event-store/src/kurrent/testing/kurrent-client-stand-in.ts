import { PassThrough } from 'node:stream';
import {
  ANY,
  BACKWARDS,
  END,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendResult,
  type AppendStreamState,
  type AppendToStreamOptions,
  type EventData,
  type EventType,
  type Filter,
  type GetStreamMetadataResult,
  type ReadAllOptions,
  type ReadStreamOptions,
  type ResolvedEvent,
  type StreamMetadata,
  type SubscribeToAllOptions,
} from '@kurrent/kurrentdb-client';
import type { KurrentStoreClient } from '../kurrent-event-store';

/** One event as the stand-in keeps it: the log of one server, in commit order. */
export interface StoodEvent {
  streamId: string;
  /** The server's id (the uuid the adapter sends). */
  id: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  created: Date;
  commit: bigint;
}

type Live = PassThrough & { unsubscribe(): Promise<void> };

/**
 * A stand-in for one KurrentDB server behind the client's own types, for the unit specs of what the adapter
 * builds on it. It keeps one log in commit order and answers as the client documents: optimistic concurrency on
 * appends (the client's WrongExpectedVersionError), an append of the same event ids right after the expected
 * revision answered as a replay (the server's idempotency), reads of a stream (StreamNotFoundError when it has
 * none) and of $all forwards and backwards with the client's filters, and catch-up subscriptions to $all that go
 * on live. It is not a server: no persistence, no system events of its own, no ACL checks, one node.
 */
export class KurrentClientStandIn implements KurrentStoreClient {
  readonly log: StoodEvent[] = [];
  readonly metadataOf = new Map<string, StreamMetadata>();
  /** Every append asked, in order: the stream, the expected state, and whether it was taken. */
  readonly appends: Array<{ stream: string; state: AppendStreamState; taken: boolean }> = [];
  /** Per stream, what runs once before its next append is looked at (another writer coming first). */
  private readonly hooks = new Map<string, () => Promise<void> | void>();
  private readonly live = new Set<{ filter: Filter | undefined; stream: Live }>();
  private next = 1_000n;
  private clock = Date.parse('2026-11-20T08:00:00.000Z');

  async appendToStream<E extends EventType = EventType>(
    streamName: string,
    events: EventData<E> | EventData<E>[],
    options: AppendToStreamOptions = {},
  ): Promise<AppendResult> {
    const hook = this.hooks.get(streamName);
    this.hooks.delete(streamName);
    await hook?.();
    const list: EventData[] = Array.isArray(events) ? events : [events];
    const state: AppendStreamState = options.streamState ?? ANY;
    const current = this.last(streamName);
    const replay = this.replayOf(streamName, list, state);
    const ok =
      state === ANY ||
      (state === NO_STREAM && current === -1n) ||
      (state === STREAM_EXISTS && current >= 0n) ||
      (typeof state === 'bigint' && state === current);
    this.appends.push({ stream: streamName, state, taken: replay !== null || ok });
    if (replay !== null) return { success: true, nextExpectedRevision: replay };
    if (!ok)
      throw new WrongExpectedVersionError(undefined, {
        streamName,
        expected: state,
        current: current === -1n ? NO_STREAM : current,
      });
    let commit = 0n;
    for (const event of list) commit = this.add(streamName, event).commit;
    return {
      success: true,
      nextExpectedRevision: this.last(streamName),
      position: { commit, prepare: commit },
    };
  }

  /** Runs `hook` once, before the next append to `streamName` is looked at. */
  beforeAppendTo(streamName: string, hook: () => Promise<void> | void): void {
    this.hooks.set(streamName, hook);
  }

  /** Changes a stored event's data in place, as someone with access to the server's files could. */
  rewrite(commit: bigint, data: unknown): void {
    const event = this.log.find((stored) => stored.commit === commit);
    if (!event) throw new Error(`No event at ${commit}`);
    event.data = data;
  }

  async *readStream<E extends EventType = EventType>(
    streamName: string,
    options: ReadStreamOptions = {},
  ): AsyncIterableIterator<ResolvedEvent<E>> {
    const events = this.log.filter((event) => event.streamId === streamName);
    if (events.length === 0) throw new StreamNotFoundError(undefined, streamName);
    const backwards = options.direction === BACKWARDS;
    const from = typeof options.fromRevision === 'bigint' ? options.fromRevision : null;
    const picked = (backwards ? [...events].reverse() : events).filter(
      (event) => from === null || (backwards ? event.revision <= from : event.revision >= from),
    );
    for (const event of picked.slice(0, Number(options.maxCount ?? picked.length)))
      yield resolved(event) as ResolvedEvent<E>;
  }

  async *readAll(options: ReadAllOptions = {}): AsyncIterableIterator<AllStreamResolvedEvent> {
    const backwards = options.direction === BACKWARDS;
    const from = options.fromPosition;
    const at = from === undefined || from === START || from === END ? null : from.commit;
    const picked = (backwards ? [...this.log].reverse() : this.log).filter(
      (event) =>
        (at === null || (backwards ? event.commit < at : event.commit >= at)) &&
        passes(event, options.filter),
    );
    for (const event of picked.slice(0, Number(options.maxCount ?? picked.length))) yield resolved(event);
  }

  /** A catch-up subscription: what the log holds after the position, then what is appended, through the filter. */
  subscribeToAll(options: SubscribeToAllOptions = {}): AllStreamSubscription {
    const from = options.fromPosition;
    const after = from === undefined || from === START ? -1n : from === END ? this.next : from.commit;
    const stream = Object.assign(new PassThrough({ objectMode: true }), {
      unsubscribe: async () => {
        this.live.delete(entry);
        stream.end();
      },
    });
    const entry = { filter: options.filter, stream };
    for (const event of this.log)
      if (event.commit > after && passes(event, options.filter)) stream.write(resolved(event));
    this.live.add(entry);
    // The adapter iterates the subscription and calls unsubscribe(); the rest of the client's type is not used.
    return stream as unknown as AllStreamSubscription;
  }

  async getStreamMetadata<M extends Record<string | number, unknown> = Record<string | number, unknown>>(
    streamName: string,
  ): Promise<GetStreamMetadataResult<M>> {
    return { streamName, metadata: this.metadataOf.get(streamName) as StreamMetadata<M> | undefined };
  }

  async setStreamMetadata(streamName: string, metadata: StreamMetadata): Promise<AppendResult> {
    this.metadataOf.set(streamName, metadata);
    return { success: true, nextExpectedRevision: 0n };
  }

  async dispose(): Promise<void> {
    for (const { stream } of this.live) stream.end();
    this.live.clear();
  }

  private add(streamName: string, event: EventData): StoodEvent {
    const stored: StoodEvent = {
      streamId: streamName,
      id: event.id,
      revision: this.last(streamName) + 1n,
      type: event.type,
      data: event.data,
      metadata: event.metadata,
      created: new Date((this.clock += 1_000)),
      commit: this.next,
    };
    this.next += 137n;
    this.log.push(stored);
    for (const { filter, stream } of this.live) if (passes(stored, filter)) stream.write(resolved(stored));
    return stored;
  }

  /** The revision of a replayed append: the same ids already follow the expected revision. */
  private replayOf(streamName: string, events: EventData[], state: AppendStreamState): bigint | null {
    if (state !== NO_STREAM && typeof state !== 'bigint') return null;
    const first = state === NO_STREAM ? 0n : state + 1n;
    const stream = this.log.filter((event) => event.streamId === streamName);
    const found = events.map((event, index) => stream[Number(first) + index]);
    if (found.length === 0 || found.some((event, index) => event?.id !== events[index].id)) return null;
    return first + BigInt(events.length) - 1n;
  }

  private last(streamName: string): bigint {
    return BigInt(this.log.filter((event) => event.streamId === streamName).length) - 1n;
  }
}

function passes(event: StoodEvent, filter: Filter | undefined): boolean {
  if (!filter) return true;
  const value = filter.filterOn === 'eventType' ? event.type : event.streamId;
  if ('regex' in filter) return new RegExp(filter.regex).test(value);
  return filter.prefixes.some((prefix) => value.startsWith(prefix));
}

function resolved(event: StoodEvent): AllStreamResolvedEvent {
  return {
    event: {
      streamId: event.streamId,
      id: event.id,
      revision: event.revision,
      type: event.type,
      created: event.created,
      isJson: true,
      data: event.data as Record<string, unknown>,
      metadata: event.metadata as Record<string, unknown>,
      position: { commit: event.commit, prepare: event.commit },
    },
    commitPosition: event.commit,
  };
}

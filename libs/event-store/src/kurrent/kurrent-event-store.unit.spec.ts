import { PassThrough } from 'node:stream';
import {
  ANY,
  BACKWARDS,
  END,
  NO_STREAM,
  START,
  StreamNotFoundError,
  type AppendStreamState,
  type EventData,
  type Filter,
  type KurrentDBClient,
  type Position,
  type ReadPosition,
  type StreamMetadata,
} from '@kurrent/kurrentdb-client';
import type { EventMetadata } from '@lorawatch/domain/event-envelope';
import {
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  type NewEvent,
  type RecordedEvent,
} from '../event-store.port';
import { KurrentEventStore } from './kurrent-event-store';

/**
 * What the store asks of the client and what it makes of the answers: the filters and options it sends, how it
 * reads an append with no expected revision, when it sets stream metadata. The client here records the calls and
 * answers from a list of events in log order; it stands for no server behaviour beyond the client's own shapes
 * (the server itself is exercised by the contract suite in kurrent-event-store.int.spec.ts, where a KurrentDB runs).
 */
interface Stored {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  commit: bigint;
}

type Live = PassThrough & { unsubscribe(): Promise<void> };

class RecordingClient {
  readonly log: Stored[] = [];
  readonly appends: Array<{ stream: string; ids: string[]; state: AppendStreamState | undefined }> = [];
  readonly subscriptions: Array<{ from: ReadPosition | undefined; filter: Filter | undefined; live: Live }> =
    [];
  readonly metadataWrites: Array<{ stream: string; metadata: StreamMetadata }> = [];
  readonly metadata = new Map<string, StreamMetadata>();
  /** Runs once before the next append is answered (another writer coming first). */
  beforeAppend: (() => void) | null = null;
  private next = 100n;

  add(streamId: string, id: string, type = 'T'): Stored {
    const revision = BigInt(this.log.filter((event) => event.streamId === streamId).length);
    const stored = {
      streamId,
      id,
      revision,
      type,
      data: {},
      metadata: { lorawatchEventId: id },
      commit: this.next,
    };
    this.next += 100n;
    this.log.push(stored);
    return stored;
  }

  async appendToStream(
    stream: string,
    events: EventData[],
    options: { streamState?: AppendStreamState } = {},
  ): Promise<{ success: boolean; nextExpectedRevision: bigint; position?: Position }> {
    const hook = this.beforeAppend;
    this.beforeAppend = null;
    hook?.();
    this.appends.push({
      stream,
      ids: events.map((event) => (event.metadata as Record<string, string>).lorawatchEventId),
      state: options.streamState,
    });
    const current = this.last(stream);
    const state = options.streamState ?? ANY;
    const ok =
      state === ANY ||
      (state === NO_STREAM && current === -1n) ||
      (typeof state === 'bigint' && state === current);
    if (!ok) return { success: false, nextExpectedRevision: current };
    let commit = 0n;
    for (const event of events) {
      const stored = this.add(
        stream,
        (event.metadata as Record<string, string>).lorawatchEventId,
        event.type,
      );
      commit = stored.commit;
    }
    return { success: true, nextExpectedRevision: this.last(stream), position: { commit, prepare: commit } };
  }

  async *readStream(
    stream: string,
    options: {
      direction?: string;
      fromRevision?: bigint | typeof END | typeof START;
      maxCount?: number;
    } = {},
  ): AsyncGenerator<ReturnType<typeof resolved>> {
    const events = this.log.filter((event) => event.streamId === stream);
    if (events.length === 0) throw new StreamNotFoundError(undefined, stream);
    const ordered = options.direction === BACKWARDS ? [...events].reverse() : events;
    const from = typeof options.fromRevision === 'bigint' ? options.fromRevision : null;
    const picked = ordered.filter((event) =>
      from === null
        ? true
        : options.direction === BACKWARDS
          ? event.revision <= from
          : event.revision >= from,
    );
    for (const event of picked.slice(0, options.maxCount ?? picked.length)) yield resolved(event);
  }

  async *readAll(
    options: { direction?: string; fromPosition?: ReadPosition; maxCount?: number; filter?: Filter } = {},
  ): AsyncGenerator<ReturnType<typeof resolved>> {
    const backwards = options.direction === BACKWARDS;
    const from = options.fromPosition;
    const at = from === undefined || from === START || from === END ? null : from.commit;
    const ordered = backwards ? [...this.log].reverse() : this.log;
    const picked = ordered.filter(
      (event) =>
        (at === null || (backwards ? event.commit < at : event.commit >= at)) &&
        passes(event, options.filter),
    );
    for (const event of picked.slice(0, options.maxCount ?? picked.length)) yield resolved(event);
  }

  subscribeToAll(options: { fromPosition?: ReadPosition; filter?: Filter } = {}): Live {
    const live = Object.assign(new PassThrough({ objectMode: true }), {
      unsubscribe: async () => void live.end(),
    });
    this.subscriptions.push({ from: options.fromPosition, filter: options.filter, live });
    return live;
  }

  async getStreamMetadata(stream: string): Promise<{ streamName: string; metadata?: StreamMetadata }> {
    return { streamName: stream, metadata: this.metadata.get(stream) };
  }

  async setStreamMetadata(stream: string, metadata: StreamMetadata): Promise<void> {
    this.metadataWrites.push({ stream, metadata });
    this.metadata.set(stream, metadata);
  }

  async dispose(): Promise<void> {}

  /** Sends an event on a live subscription, as the client does, then a checkpoint if asked. */
  send(index: number, event: Stored): void {
    this.subscriptions[index].live.write(resolved(event));
  }

  checkpoint(index: number, commit: bigint): void {
    const { filter, live } = this.subscriptions[index];
    const reached = (filter as { checkpointReached?: (s: unknown, p: Position) => void }).checkpointReached;
    reached?.(live, { commit, prepare: commit });
  }

  private last(stream: string): bigint {
    return BigInt(this.log.filter((event) => event.streamId === stream).length) - 1n;
  }
}

function passes(event: Stored, filter: Filter | undefined): boolean {
  if (!filter) return true;
  const value = filter.filterOn === 'eventType' ? event.type : event.streamId;
  if ('regex' in filter) return new RegExp(filter.regex).test(value);
  return filter.prefixes.some((prefix) => value.startsWith(prefix));
}

function resolved(event: Stored) {
  return {
    event: {
      streamId: event.streamId,
      id: event.id,
      revision: event.revision,
      type: event.type,
      created: new Date('2024-05-01T10:00:00.000Z'),
      isJson: true,
      data: event.data,
      metadata: event.metadata,
      position: { commit: event.commit, prepare: event.commit },
    },
    commitPosition: event.commit,
  };
}

const metadata: EventMetadata = {
  organizationId: 1,
  actor: 'system',
  correlationId: 'c',
  causationId: null,
  occurredAt: '2024-05-01T10:00:00.000Z',
  schemaVersion: 1,
};

const newEvent = (id: string, type = 'T'): NewEvent => ({ id, type, data: {}, metadata });

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 1) {
    if (waited > 400) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('KurrentEventStore with the client', () => {
  let client: RecordingClient;
  let store: KurrentEventStore;
  let errors: unknown[];

  beforeEach(() => {
    client = new RecordingClient();
    errors = [];
    store = new KurrentEventStore(client as unknown as KurrentDBClient, {
      onError: (error) => errors.push(error),
      onRetry: (error) => errors.push(error),
      retryDelayMs: 1,
      streamBounds: [
        { prefix: 'collector-lease-', maxCount: 50 },
        { prefix: 'collector-presence', maxCount: 5_000 },
      ],
    });
  });

  afterEach(async () => {
    await store.close();
  });

  describe('subscriptions', () => {
    it('asks the server for the subscribed types only, and moves on its checkpoints in order', async () => {
      const seen: RecordedEvent[] = [];
      const positions: number[] = [];
      const subscription = store.subscribeToAll(
        { after: 0, types: ['AlertRaised', 'IssueClosed'] },
        (event) => {
          seen.push(event);
          positions.push(subscription.position);
        },
      );
      await until(() => client.subscriptions.length === 1);
      const { filter, from } = client.subscriptions[0];
      expect(from).toBe(START);
      expect(filter).toMatchObject({ filterOn: 'eventType', regex: '^(?:AlertRaised|IssueClosed)$' });
      expect(typeof (filter as { checkpointReached?: unknown }).checkpointReached).toBe('function');

      client.send(0, client.add('alerts', 'a1', 'AlertRaised'));
      client.checkpoint(0, 150n);
      client.send(0, client.add('alerts', 'a2', 'AlertRaised'));
      await until(() => seen.length === 2);

      expect(seen.map((event) => [event.id, event.position])).toEqual([
        ['a1', 100],
        ['a2', 200],
      ]);
      // The checkpoint came between the two events: it moved the position after the first, before the second.
      expect(positions).toEqual([0, 150]);
      expect(subscription.position).toBe(200);
      await subscription.stop();
    });

    it('keeps the store filter (no system events) for a subscription to every type', async () => {
      const subscription = store.subscribeToAll({ after: 0 }, () => undefined);
      await until(() => client.subscriptions.length === 1);

      expect(client.subscriptions[0].filter).toMatchObject({ filterOn: 'eventType', regex: '^[^$].*' });
      await subscription.stop();
    });

    it('is caught up past trailing events of other types, asking the server for the next one it would send', async () => {
      client.add('alerts', 'a1', 'AlertRaised');
      client.add('leases', 'l1', 'CollectorLeaseRenewed');
      client.add('leases', 'l2', 'CollectorLeaseRenewed');
      const seen: string[] = [];
      const subscription = store.subscribeToAll({ after: 0, types: ['AlertRaised'] }, (event) => {
        seen.push(event.id);
      });
      await until(() => client.subscriptions.length === 1);
      client.send(0, client.log[0]);

      await subscription.caughtUp();
      expect(seen).toEqual(['a1']);
      expect(subscription.position).toBe(300);
      await subscription.stop();
    });

    it('stops and reports a permanent failure of the live read', async () => {
      const subscription = store.subscribeToAll({ after: 0 }, () => undefined);
      await until(() => client.subscriptions.length === 1);
      const denied = Object.assign(new Error('access denied'), { type: 'access-denied' });
      client.subscriptions[0].live.destroy(denied);

      await until(() => errors.length === 1);
      expect(errors).toEqual([denied]);
      await expect(subscription.caughtUp()).rejects.toThrow('access denied');
      expect(client.subscriptions).toHaveLength(1);
    });
  });

  describe("appends without an expected revision ('any')", () => {
    it('appends at the revision it read, so the server checks the replay exactly', async () => {
      await store.append('s', [newEvent('a')], 'no_stream');
      const result = await store.append('s', [newEvent('b'), newEvent('c')], 'any');

      expect(client.appends.map(({ ids, state }) => [ids, state])).toEqual([
        [['a'], NO_STREAM],
        [['b', 'c'], 0n],
      ]);
      expect(result.nextExpectedRevision).toBe(2);
    });

    it('answers a replay found at the end of the stream with its original result, writing nothing', async () => {
      const original = await store.append('s', [newEvent('a'), newEvent('b')], 'any');
      await store.append('s', [newEvent('c')], 'any');
      const appends = client.appends.length;

      expect(await store.append('s', [newEvent('a'), newEvent('b')], 'any')).toEqual(original);
      expect(await store.append('s', [newEvent('c')], 'stream_exists')).toEqual({
        nextExpectedRevision: 2,
        position: 300,
      });
      expect(client.appends).toHaveLength(appends);
    });

    it('follows a replay that starts before the first window it reads', async () => {
      const original = await store.append('s', [newEvent('a'), newEvent('b')], 'any');
      // The first read (2 + 64 events) holds b but not a: it reads further back rather than refuse b.
      for (let n = 0; n < 65; n++) client.add('s', `filler-${n}`);

      expect(await store.append('s', [newEvent('a'), newEvent('b')], 'any')).toEqual(original);
    });

    it('refuses an id the stream already has elsewhere, as the embedded store does', async () => {
      await store.append('s', [newEvent('a'), newEvent('b')], 'any');

      await expect(store.append('s', [newEvent('a'), newEvent('x')], 'any')).rejects.toBeInstanceOf(
        DuplicateEventIdError,
      );
      await expect(store.append('s', [newEvent('x'), newEvent('b')], 'any')).rejects.toThrow(
        'Event id b already exists in stream s at revision 1',
      );
      await expect(store.append('s', [newEvent('y'), newEvent('y')], 'any')).rejects.toThrow(
        'Event id y appears twice in one append to s',
      );
      expect(client.log.map((event) => event.id)).toEqual(['a', 'b']);
    });

    it('reads again when another writer came first, and then finds its own replay', async () => {
      await store.append('s', [newEvent('a')], 'any');
      // The same append, retried elsewhere, lands between this one's read and its write.
      client.beforeAppend = () => client.add('s', 'b');

      const result = await store.append('s', [newEvent('b')], 'any');
      expect(result).toEqual({ nextExpectedRevision: 1, position: 200 });
      expect(client.log.map((event) => event.id)).toEqual(['a', 'b']);
    });

    it("keeps 'stream_exists' refusing a stream that does not exist", async () => {
      await expect(store.append('none', [newEvent('a')], 'stream_exists')).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      expect(client.appends).toEqual([]);
    });
  });

  describe('bounded streams', () => {
    it('sets $maxCount on a bounded stream once, keeping its other metadata, and leaves other streams alone', async () => {
      client.metadata.set('collector-lease-7', { owner: 'ops' });
      for (let n = 0; n < 3; n++) await store.append('collector-lease-7', [newEvent(`r${n}`)], 'any');
      await store.append('collector-presence', [newEvent('p')], 'any');
      await store.append('organization-1', [newEvent('o')], 'no_stream');

      expect(client.metadataWrites).toEqual([
        { stream: 'collector-lease-7', metadata: { owner: 'ops', maxCount: 50 } },
        { stream: 'collector-presence', metadata: { maxCount: 5_000 } },
      ]);
    });

    it('writes nothing when the bound is already set', async () => {
      client.metadata.set('collector-lease-8', { maxCount: 50 });
      await store.append('collector-lease-8', [newEvent('r')], 'any');

      expect(client.metadataWrites).toEqual([]);
    });
  });
});

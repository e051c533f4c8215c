import {
  WrongExpectedRevisionError,
  type EventStore,
  type RecordedEvent,
  type Subscription,
} from '../event-store.port';
import {
  chainHash,
  genesisHash,
  makeGenesis,
  type ChainGenesis,
  type ChainVerification,
} from './event-chain';

/**
 * The chain of an event store whose appends no single writer orders (KurrentDB, docs/architecture.md "Tamper
 * evidence"): one chainer follows the store in commit order after the fact, hashes each event as the embedded
 * store does inside its append, and records the running hash in link events of a stream of its own. Works over
 * the EventStore port, so it runs on any adapter.
 */

export const CHAIN_STARTED = 'EventChainStarted';
export const CHAIN_LINKED = 'EventChainLinked';

/** One link: the chain's hash after the event at `toPosition`, covering `count` events after `fromPosition`. */
export interface ChainLink {
  fromPosition: number;
  toPosition: number;
  count: number;
  hash: string;
}

export interface EventChainerOptions {
  /** The stream the chainer writes its links to; its own events are not chained. */
  linkStream: string;
  /** Events per link. Default 500. */
  linkEvery?: number;
  /** Also write a link when this long has passed with events not yet linked. Default 5 s. */
  linkAfterMs?: number;
  now?: () => Date;
  /** Receives the reason the chainer stopped (another chainer extends the chain, or the store failed). */
  onError?: (error: unknown) => void;
}

/** Another chainer extended the chain first: this one stops, and may start again from the new last link. */
export class ChainerSuperseded extends Error {
  constructor(readonly linkStream: string) {
    super(`Another chainer extended ${linkStream} first`);
    this.name = 'ChainerSuperseded';
  }
}

interface ChainState {
  genesis: ChainGenesis;
  /** Revision of the link stream's last event (the expected revision of the next link). */
  revision: number;
  linkedPosition: number;
  linkedHash: string;
}

const metadata = (occurredAt: string) => ({
  organizationId: null,
  actor: 'event-chainer',
  correlationId: 'event-chain',
  causationId: null,
  occurredAt,
  schemaVersion: 1,
});

export class EventChainer {
  private state: ChainState | null = null;
  private subscription: Subscription | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Hashes computed and not yet linked. */
  private pending = { count: 0, position: 0, hash: '' };
  /** Link writes and event handling, one at a time. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: EventStore,
    private readonly options: EventChainerOptions,
  ) {}

  /** Reads the last link (or starts the chain at the store's head) and follows the store from there. */
  async start(): Promise<void> {
    const state = await this.resume();
    this.state = state;
    this.pending = { count: 0, position: state.linkedPosition, hash: state.linkedHash };
    this.subscription = this.store.subscribeToAll({ after: state.linkedPosition }, (event) =>
      this.serially(() => this.chain(event)).catch((error: unknown) => {
        this.fail(error);
        throw error;
      }),
    );
    this.timer = setInterval(() => {
      this.serially(() => this.link()).catch((error: unknown) => this.fail(error));
    }, this.options.linkAfterMs ?? 5_000);
    this.timer.unref();
  }

  /** Resolves once every event recorded so far is hashed and linked. */
  async caughtUp(): Promise<void> {
    await this.subscription?.caughtUp();
    await this.serially(() => this.link());
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.subscription?.stop();
    this.subscription = null;
    await this.queue.catch(() => undefined);
  }

  private async resume(): Promise<ChainState> {
    const { linkStream } = this.options;
    const events = await this.store.readStream(linkStream);
    if (events.length > 0) return stateFrom(events);
    const head = await this.store.headPosition();
    const startedAt = (this.options.now?.() ?? new Date()).toISOString();
    const genesis = makeGenesis(head, startedAt, head > 0 ? 'migration' : 'new store');
    try {
      await this.store.append(
        linkStream,
        [{ id: `${linkStream}-genesis`, type: CHAIN_STARTED, data: genesis, metadata: metadata(startedAt) }],
        'no_stream',
      );
    } catch (error) {
      // Another chainer started the chain at the same time: go on from its genesis.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    return stateFrom(await this.store.readStream(linkStream));
  }

  private async chain(event: RecordedEvent): Promise<void> {
    if (event.streamId === this.options.linkStream) return;
    this.pending = {
      count: this.pending.count + 1,
      position: event.position,
      hash: chainHash(this.pending.hash, {
        position: event.position,
        streamId: event.streamId,
        revision: event.revision,
        eventId: event.id,
        type: event.type,
        data: event.data,
        metadata: event.metadata,
        recordedAt: event.recordedAt,
      }),
    };
    if (this.pending.count >= (this.options.linkEvery ?? 500)) await this.link();
  }

  private async link(): Promise<void> {
    const state = this.state;
    if (!state || this.pending.count === 0) return;
    const link: ChainLink = {
      fromPosition: state.linkedPosition,
      toPosition: this.pending.position,
      count: this.pending.count,
      hash: this.pending.hash,
    };
    const occurredAt = (this.options.now?.() ?? new Date()).toISOString();
    try {
      const result = await this.store.append(
        this.options.linkStream,
        [
          {
            // Deterministic: two chainers that cut the same link write the same event, which the store takes
            // once; links cut differently conflict on the expected revision and the later one stops.
            id: `${this.options.linkStream}-${link.fromPosition}-${link.toPosition}`,
            type: CHAIN_LINKED,
            data: link,
            metadata: metadata(occurredAt),
          },
        ],
        state.revision,
      );
      this.state = {
        ...state,
        revision: result.nextExpectedRevision,
        linkedPosition: link.toPosition,
        linkedHash: link.hash,
      };
      this.pending = { count: 0, position: link.toPosition, hash: link.hash };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw new ChainerSuperseded(this.options.linkStream);
      throw error;
    }
  }

  private serially(step: () => Promise<void>): Promise<void> {
    const next = this.queue.then(step);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private fail(error: unknown): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    (this.options.onError ?? ((reason) => console.error('Event chainer stopped:', reason)))(error);
  }
}

function stateFrom(events: RecordedEvent[]): ChainState {
  const [first] = events;
  if (!first || first.type !== CHAIN_STARTED)
    throw new Error('The chain stream does not start with its genesis');
  const genesis = first.data as ChainGenesis;
  const last = events[events.length - 1];
  const link = last.type === CHAIN_LINKED ? (last.data as ChainLink) : null;
  return {
    genesis,
    revision: last.revision,
    linkedPosition: link?.toPosition ?? genesis.position,
    linkedHash: link?.hash ?? genesis.hash,
  };
}

/**
 * Walks the store in commit order from the chain's genesis and checks each link's hash and count. A change is
 * found to the precision of a link: `firstBadPosition` is the first position of the first link that does not
 * match. Events after the last link are not yet covered and are not checked.
 */
export async function verifyLinkedChain(
  store: EventStore,
  linkStream: string,
  pageSize = 1_000,
): Promise<ChainVerification & { unlinked: number }> {
  const links = await store.readStream(linkStream);
  const state = stateFrom(links);
  const { genesis } = state;
  const chainLinks = links.slice(1).map((event) => event.data as ChainLink);
  const beforeChain = await countUpTo(store, genesis.position, linkStream, pageSize);
  let verified = { position: genesis.position, hash: genesis.hash };
  let checked = 0;
  const bad = (firstBadPosition: number, reason: string) => ({
    ok: false as const,
    firstBadPosition,
    reason,
    headPosition: verified.position,
    headHash: verified.hash,
    genesis,
    beforeChain,
    checked,
    unlinked: 0,
  });
  if (genesisHash(genesis.position, genesis.startedAt, genesis.reason) !== genesis.hash)
    return bad(genesis.position, "the chain's start record does not match its hash");

  let hash = genesis.hash;
  let count = 0;
  let linkIndex = 0;
  let rangeStart: number | null = null;
  let after = genesis.position;
  let unlinked = 0;
  for (;;) {
    const page = await store.readAll({ after, maxCount: pageSize });
    if (page.length === 0) break;
    for (const event of page) {
      after = event.position;
      if (event.streamId === linkStream) continue;
      const link = chainLinks[linkIndex];
      if (!link) {
        unlinked += 1;
        continue;
      }
      rangeStart ??= event.position;
      if (event.position > link.toPosition)
        return bad(rangeStart, `the event at position ${link.toPosition}, where a link ends, is missing`);
      hash = chainHash(hash, {
        position: event.position,
        streamId: event.streamId,
        revision: event.revision,
        eventId: event.id,
        type: event.type,
        data: event.data,
        metadata: event.metadata,
        recordedAt: event.recordedAt,
      });
      count += 1;
      if (event.position === link.toPosition) {
        if (hash !== link.hash || count !== link.count)
          return bad(
            rangeStart,
            `the events from position ${rangeStart} to ${link.toPosition} do not match their link`,
          );
        verified = { position: link.toPosition, hash: link.hash };
        checked += count;
        count = 0;
        rangeStart = null;
        linkIndex += 1;
      }
    }
  }
  if (linkIndex < chainLinks.length)
    return bad(
      rangeStart ?? verified.position + 1,
      `events up to position ${chainLinks[linkIndex].toPosition} are missing`,
    );
  return {
    ok: true,
    headPosition: verified.position,
    headHash: verified.hash,
    genesis,
    beforeChain,
    checked,
    unlinked,
  };
}

/** Events (other than the chain's own) at or before `position`: those recorded before the chain started. */
async function countUpTo(
  store: EventStore,
  position: number,
  linkStream: string,
  pageSize: number,
): Promise<number> {
  let count = 0;
  let after = 0;
  while (after < position) {
    const page = await store.readAll({ after, maxCount: pageSize });
    if (page.length === 0) break;
    for (const event of page) {
      if (event.position > position) return count;
      if (event.streamId !== linkStream) count += 1;
      after = event.position;
    }
  }
  return count;
}

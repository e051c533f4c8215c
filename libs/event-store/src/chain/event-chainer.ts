import {
  WrongExpectedRevisionError,
  type EventStore,
  type RecordedEvent,
  type Subscription,
} from '../event-store.port';
import type { ChainLinkLog, ChainLogRecord } from './chain-link-log';
import {
  chainHash,
  genesisHash,
  makeGenesis,
  type ChainGenesis,
  type ChainVerification,
} from './event-chain';

/**
 * The chain of an event store whose appends no single writer orders (KurrentDB, docs/architecture.md "Tamper
 * evidence"): a chainer follows the store in commit order after the fact, hashes each event as the embedded store
 * does inside its append, and records the running hash in link records of a log of its own (ChainLinkLog). Works
 * over the EventStore port, so it follows any adapter.
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
  /** Events per link. Default 500. */
  linkEvery?: number;
  /** Also write a link when this long has passed with events not yet linked. Default 5 s. */
  linkAfterMs?: number;
  now?: () => Date;
  /** Receives the reason the chainer stopped (its chain and another chainer's differ, or the store failed). */
  onError?: (error: unknown) => void;
}

/**
 * A link another chainer wrote does not match what this chainer hashed from the store: they read different
 * histories, or the link was not written by a chainer. This chainer stops rather than extend either chain.
 */
export class ChainDiverged extends Error {
  constructor(
    readonly log: string,
    /** The position where the chains part: the end of the link that does not match. */
    readonly position: number,
    detail: string,
  ) {
    super(`The chain in ${log} and this chainer's differ at position ${position}: ${detail}`);
    this.name = 'ChainDiverged';
  }
}

interface ChainState {
  genesis: ChainGenesis;
  /** Revision of the log's last record (the expected revision of the next link). */
  revision: number;
  linkedPosition: number;
  linkedHash: string;
}

/** A hash the chainer computed: the chain's hash after the event at `position`. */
interface Hashed {
  position: number;
  hash: string;
}

/** A link read from the log, with its revision there. */
interface LoggedLink {
  link: ChainLink;
  revision: number;
}

export class EventChainer {
  private state: ChainState | null = null;
  private subscription: Subscription | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** The running hash over every event followed so far. */
  private hashed: Hashed = { position: 0, hash: '' };
  /** The hashes after each event followed since the last link, in order: what the next link covers. */
  private unlinked: Hashed[] = [];
  /**
   * Links another chainer wrote beyond what this one has followed: each is checked against this chainer's own
   * hash, and taken as its last link, once it gets there. No link is written while any is pending.
   */
  private ahead: LoggedLink[] = [];
  /** Link writes and event handling, one at a time. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: EventStore,
    private readonly links: ChainLinkLog,
    private readonly options: EventChainerOptions = {},
  ) {}

  /** The last position the chain's links cover, as this chainer knows it (0 before it starts). */
  get linkedPosition(): number {
    return this.state?.linkedPosition ?? 0;
  }

  /** Reads the last link (or starts the chain at the store's head) and follows the store from there. */
  async start(): Promise<void> {
    const state = await this.resume();
    this.state = state;
    this.hashed = { position: state.linkedPosition, hash: state.linkedHash };
    this.unlinked = [];
    this.ahead = [];
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

  /** Resolves once every event recorded so far is hashed and linked (by this chainer or another). */
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

  private now(): string {
    return (this.options.now?.() ?? new Date()).toISOString();
  }

  private async resume(): Promise<ChainState> {
    const records = await this.links.read();
    if (records.length > 0) return stateFrom(records, this.links.name);
    const head = await this.store.headPosition();
    const startedAt = this.now();
    const genesis = makeGenesis(head, startedAt, head > 0 ? 'migration' : 'new store');
    try {
      await this.links.append(
        { id: `${this.links.name}-genesis`, type: CHAIN_STARTED, data: genesis, writtenAt: startedAt },
        'no_stream',
      );
    } catch (error) {
      // Another chainer started the chain at the same time: go on from its genesis.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    return stateFrom(await this.links.read(), this.links.name);
  }

  private async chain(event: RecordedEvent): Promise<void> {
    if (this.links.outsideChain(event)) return;
    const hash = chainHash(this.hashed.hash, {
      position: event.position,
      streamId: event.streamId,
      revision: event.revision,
      eventId: event.id,
      type: event.type,
      data: event.data,
      metadata: event.metadata,
      recordedAt: event.recordedAt,
    });
    this.hashed = { position: event.position, hash };
    this.unlinked.push(this.hashed);
    this.takeLinksReached();
    if (this.unlinked.length >= (this.options.linkEvery ?? 500)) await this.link();
  }

  /**
   * Writes a link over the events hashed since the last one, at the log's revision this chainer knows. When
   * another chainer extended the log first, reads its links, checks each against this chainer's own hashes and
   * goes on from the newest: what remains past it is linked after it; a link past what this chainer has followed
   * waits until it gets there.
   */
  private async link(): Promise<void> {
    for (;;) {
      const state = this.state;
      if (!state || this.ahead.length > 0 || this.unlinked.length === 0) return;
      const last = this.unlinked[this.unlinked.length - 1];
      const link: ChainLink = {
        fromPosition: state.linkedPosition,
        toPosition: last.position,
        count: this.unlinked.length,
        hash: last.hash,
      };
      try {
        const revision = await this.links.append(
          {
            // Deterministic: two chainers that cut the same link write the same record, which is kept once.
            id: `${this.links.name}-${link.fromPosition}-${link.toPosition}`,
            type: CHAIN_LINKED,
            data: link,
            writtenAt: this.now(),
          },
          state.revision,
        );
        this.take({ link, revision }, this.unlinked.length - 1);
        return;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        await this.readLinksWrittenMeanwhile(state.revision);
      }
    }
  }

  private async readLinksWrittenMeanwhile(knownRevision: number): Promise<void> {
    const records = await this.links.read(knownRevision + 1);
    if (records.length === 0)
      throw new Error(
        `${this.links.name} refused a link at revision ${knownRevision} but holds nothing after it`,
      );
    for (const record of records) {
      if (record.type !== CHAIN_LINKED)
        throw new ChainDiverged(
          this.links.name,
          this.hashed.position,
          `a ${record.type} record follows the links`,
        );
      this.ahead.push({ link: record.data as ChainLink, revision: record.revision });
    }
    this.takeLinksReached();
  }

  /** Checks and takes, in order, the other chainers' links that end at or before what this one has hashed. */
  private takeLinksReached(): void {
    while (this.ahead.length > 0 && this.ahead[0].link.toPosition <= this.hashed.position) {
      const logged = this.ahead.shift()!;
      this.take(logged, this.check(logged.link));
    }
  }

  /** The index in `unlinked` of the link's last event, once the link is found to match this chainer's hashes. */
  private check(link: ChainLink): number {
    const state = this.state!;
    const differ = (detail: string) => new ChainDiverged(this.links.name, link.toPosition, detail);
    if (link.fromPosition !== state.linkedPosition)
      throw differ(`the link starts after position ${link.fromPosition}, not after ${state.linkedPosition}`);
    const index = this.unlinked.findIndex((hashed) => hashed.position === link.toPosition);
    if (index < 0) throw differ('the link ends at an event this chainer did not read');
    if (this.unlinked[index].hash !== link.hash || index + 1 !== link.count)
      throw differ('the link covers other events than this chainer read');
    return index;
  }

  /** Makes a link the last one: the events up to `lastIndex` of `unlinked` are now linked. */
  private take({ link, revision }: LoggedLink, lastIndex: number): void {
    this.state = { ...this.state!, revision, linkedPosition: link.toPosition, linkedHash: link.hash };
    this.unlinked = this.unlinked.slice(lastIndex + 1);
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

function stateFrom(records: ChainLogRecord[], log: string): ChainState {
  const [first] = records;
  if (!first || first.type !== CHAIN_STARTED) throw new Error(`${log} does not start with its genesis`);
  const genesis = first.data as ChainGenesis;
  const last = records[records.length - 1];
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
  log: ChainLinkLog,
  pageSize = 1_000,
): Promise<ChainVerification & { unlinked: number }> {
  const records = await log.read();
  const { genesis } = stateFrom(records, log.name);
  const chainLinks = records.slice(1).map((record) => record.data as ChainLink);
  const beforeChain = await countUpTo(store, genesis.position, log, pageSize);
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
      if (log.outsideChain(event)) continue;
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
  log: ChainLinkLog,
  pageSize: number,
): Promise<number> {
  let count = 0;
  let after = 0;
  while (after < position) {
    const page = await store.readAll({ after, maxCount: pageSize });
    if (page.length === 0) break;
    for (const event of page) {
      if (event.position > position) return count;
      if (!log.outsideChain(event)) count += 1;
      after = event.position;
    }
  }
  return count;
}

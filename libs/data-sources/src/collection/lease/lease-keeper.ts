import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';
import { WrongExpectedRevisionError, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { systemClock, type Clock } from '@lorawatch/platform/clock';
import {
  acquirable,
  decideClaim,
  decideRelease,
  leaseTerms,
  leaseViewOf,
  lookIntervalMs,
  mayCollect,
  sheddable,
  type LeaseTerms,
  type LeaseView,
} from './collector-lease';
import {
  COLLECTOR_PRESENCE_STREAM,
  CollectorPresenceEventTypes,
  collectorLeaseStream,
  type CollectorLeaseEvent,
} from './collector-lease.events';
import { PresenceBoard } from './presence-board';
import { StreamTail } from './stream-tail';

export interface LeaseKeeperOptions {
  /** This collector's id in the leases (the config's instanceId): unique among the running collectors. */
  holder: string;
  /** COLLECTOR_LEASE_SECONDS × 1000. */
  ttlMs: number;
  /** Largest clock difference between collectors tolerated; see leaseTerms for the default. */
  skewMs?: number;
  clock?: Clock;
  /** A look that failed (the event store unreachable); the next look tries again. Default: ignored. */
  onError?: (error: unknown) => void;
}

/**
 * Holds, in the event store, the leases of the data sources this collector runs (see collector-lease.ts for the
 * rules). It looks every TTL/3: gives up the leases it could not renew in time, renews its own, releases those no
 * longer wanted, and takes free or expired ones up to its fair share. `held$` says which data sources it may
 * collect; a lease it loses leaves the set at once, before any other collector may take it.
 */
export class LeaseKeeper {
  readonly holder: string;
  private readonly terms: LeaseTerms;
  private readonly clock: Clock;
  private readonly tail: StreamTail;
  private readonly presence: PresenceBoard;
  /** Until when this collector's last announcement says it is alive (epoch ms); 0 before the first. */
  private announcedUntil = 0;
  private readonly held = new Map<number, LeaseView>();
  private readonly heldSubject = new BehaviorSubject<ReadonlySet<number>>(new Set());
  private wanted = new Set<number>();
  private round: Promise<void> | null = null;
  private again = false;
  private looking: NodeJS.Timeout | null = null;
  private watchdog: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly events: EventStore,
    private readonly options: LeaseKeeperOptions,
  ) {
    this.holder = options.holder;
    this.terms = leaseTerms(options.ttlMs, options.skewMs);
    this.clock = options.clock ?? systemClock;
    this.tail = new StreamTail(events);
    this.presence = new PresenceBoard(events);
  }

  /** The data sources this collector may run, as it changes. */
  get held$(): Observable<ReadonlySet<number>> {
    return this.heldSubject.pipe(distinctUntilChanged(sameMembers));
  }

  holds(dataSourceId: number): boolean {
    const view = this.held.get(dataSourceId);
    return view !== undefined && mayCollect(view, this.holder, this.clock.now().getTime(), this.terms);
  }

  /** The enabled data sources (all collectors see the same ones); a change is acted upon at once. */
  setWanted(dataSourceIds: Iterable<number>): void {
    this.wanted = new Set(dataSourceIds);
    if (this.looking) void this.look();
  }

  /** Looks periodically from now on; resolves after the first look. */
  async start(): Promise<void> {
    this.stopped = false;
    this.looking = setInterval(() => void this.look(), lookIntervalMs(this.terms));
    this.looking.unref();
    await this.look();
  }

  /**
   * One look at every wanted lease. Looks never overlap: asked during one, another follows it. Timers call this;
   * tests call it directly with a controlled clock.
   */
  look(): Promise<void> {
    if (this.round) {
      this.again = true;
      return this.round;
    }
    const run = async (): Promise<void> => {
      do {
        this.again = false;
        await this.lookOnce().catch((error: unknown) => this.options.onError?.(error));
      } while (this.again && !this.stopped);
    };
    this.round = run().finally(() => (this.round = null));
    return this.round;
  }

  /** Stops looking and releases every lease held (call after stopping the collectors). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.looking) clearInterval(this.looking);
    if (this.watchdog) clearTimeout(this.watchdog);
    this.looking = this.watchdog = null;
    await this.round;
    const held = [...this.held.values()];
    this.held.clear();
    this.publish();
    await Promise.all(
      held.map((view) => this.release(view).catch((error: unknown) => this.options.onError?.(error))),
    );
    if (this.announcedUntil > 0) {
      await this.announce(CollectorPresenceEventTypes.Left).catch((error: unknown) =>
        this.options.onError?.(error),
      );
    }
  }

  private async lookOnce(): Promise<void> {
    this.giveUpExpired();
    // Announced once the previous announcement is a quarter of a TTL old, like a renewal.
    const now = this.clock.now().getTime();
    if (this.announcedUntil - now <= (this.terms.ttlMs * 3) / 4) {
      await this.announce(CollectorPresenceEventTypes.Present);
    }
    await this.presence.refresh();
    for (const view of [...this.held.values()]) {
      if (!this.wanted.has(view.dataSourceId)) {
        this.drop(view.dataSourceId);
        await this.release(view);
      }
    }
    const views: LeaseView[] = [];
    for (const dataSourceId of this.wanted) {
      if (this.stopped) return;
      const view = leaseViewOf(dataSourceId, await this.tail.last(collectorLeaseStream(dataSourceId)));
      views.push(view.lease?.holder === this.holder ? await this.keepOwn(view) : this.forget(view));
    }
    const at = this.clock.now().getTime();
    const present = this.presence.present(at, this.terms.skewMs);
    // Handed over last in this collector's own order, so that the ones it would take first stay with it.
    const excess = sheddable(views, this.holder, at, this.terms, present);
    if (excess > 0) {
      const handedOver = spread(views, this.holder)
        .reverse()
        .filter((view) => this.held.has(view.dataSourceId))
        .slice(0, excess);
      for (const view of handedOver) {
        if (this.stopped) return;
        this.drop(view.dataSourceId);
        await this.release(view);
      }
      // Holding more than its share, it takes nothing this time.
      return;
    }
    let room = acquirable(views, this.holder, this.clock.now().getTime(), this.terms, present);
    for (const view of spread(views, this.holder)) {
      if (room <= 0 || this.stopped) break;
      if (view.lease?.holder === this.holder) continue;
      const decision = decideClaim(view, this.holder, this.clock.now().getTime(), this.terms);
      if (decision.kind === 'write' && (await this.write(view, decision.event))) room--;
    }
  }

  /** Tells the other collectors that this one is alive (until a TTL from now), or that it left. */
  private async announce(
    type: (typeof CollectorPresenceEventTypes)[keyof typeof CollectorPresenceEventTypes],
  ) {
    const now = this.clock.now();
    const until = new Date(now.getTime() + this.terms.ttlMs);
    const data =
      type === CollectorPresenceEventTypes.Present
        ? { holder: this.holder, until: until.toISOString() }
        : { holder: this.holder };
    await this.events.append(
      COLLECTOR_PRESENCE_STREAM,
      [envelope(type, data, { organizationId: null, actor: 'collector' }, now.toISOString())],
      'any',
    );
    this.announcedUntil = type === CollectorPresenceEventTypes.Present ? until.getTime() : 0;
  }

  /** Renews an own lease when due; a lease found in another's hands is no longer held. */
  private async keepOwn(view: LeaseView): Promise<LeaseView> {
    const decision = decideClaim(view, this.holder, this.clock.now().getTime(), this.terms);
    if (decision.kind === 'keep') {
      this.hold(view);
      return view;
    }
    if (decision.kind === 'wait') return this.forget(view);
    const written = await this.write(view, decision.event);
    // Null: another collector wrote first, and the stream now says who holds the lease.
    return (
      written ?? leaseViewOf(view.dataSourceId, await this.tail.last(collectorLeaseStream(view.dataSourceId)))
    );
  }

  private forget(view: LeaseView): LeaseView {
    if (this.held.has(view.dataSourceId)) this.drop(view.dataSourceId);
    return view;
  }

  /** Appends at the revision read; null when another collector wrote first (it then has the lease). */
  private async write(view: LeaseView, event: CollectorLeaseEvent): Promise<LeaseView | null> {
    const streamId = collectorLeaseStream(view.dataSourceId);
    const now = this.clock.now();
    try {
      const { nextExpectedRevision } = await this.events.append(
        streamId,
        [envelope(event.type, event.data, { organizationId: null, actor: 'collector' }, now.toISOString())],
        view.revision,
      );
      this.tail.advance(streamId, nextExpectedRevision);
      const written: LeaseView = {
        dataSourceId: view.dataSourceId,
        revision: nextExpectedRevision,
        lease:
          'expiresAt' in event.data
            ? { holder: this.holder, expiresAt: Date.parse(event.data.expiresAt) }
            : null,
      };
      if (written.lease && !this.stopped && this.wanted.has(view.dataSourceId)) this.hold(written);
      return written;
    } catch (failure) {
      if (!(failure instanceof WrongExpectedRevisionError)) throw failure;
      this.drop(view.dataSourceId);
      return null;
    }
  }

  private async release(view: LeaseView): Promise<void> {
    const event = decideRelease(view, this.holder);
    // A write refused because another collector wrote meanwhile leaves nothing of ours to release.
    if (event) await this.write(view, event);
  }

  private hold(view: LeaseView): void {
    const isNew = !this.held.has(view.dataSourceId);
    this.held.set(view.dataSourceId, view);
    if (isNew) this.publish();
    this.armWatchdog();
  }

  private drop(dataSourceId: number): void {
    if (this.held.delete(dataSourceId)) this.publish();
  }

  /** Collecting past the margin before expiry could overlap with a successor: better a gap than two collectors. */
  private giveUpExpired(): void {
    const now = this.clock.now().getTime();
    for (const view of [...this.held.values()]) {
      if (!mayCollect(view, this.holder, now, this.terms)) this.drop(view.dataSourceId);
    }
  }

  /** Gives up on time even while a look is stuck on a slow event store. */
  private armWatchdog(): void {
    if (!this.looking) return;
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
    const deadlines = [...this.held.values()].map((view) => (view.lease?.expiresAt ?? 0) - this.terms.skewMs);
    if (deadlines.length === 0) return;
    const wait = Math.max(0, Math.min(...deadlines) - this.clock.now().getTime());
    this.watchdog = setTimeout(() => {
      this.watchdog = null;
      this.giveUpExpired();
      this.armWatchdog();
    }, wait);
    this.watchdog.unref();
  }

  private publish(): void {
    this.heldSubject.next(new Set(this.held.keys()));
  }
}

function sameMembers(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  return a.size === b.size && [...a].every((id) => b.has(id));
}

/**
 * The order in which a collector tries free leases: its own shuffle (a hash of holder and data source), so that
 * collectors starting together mostly try different ones first instead of colliding on each.
 */
function spread(views: LeaseView[], holder: string): LeaseView[] {
  const rank = (view: LeaseView): number => {
    let hash = 2166136261;
    for (const char of `${holder}/${view.dataSourceId}`)
      hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
    return hash >>> 0;
  };
  return [...views].sort((a, b) => rank(a) - rank(b));
}

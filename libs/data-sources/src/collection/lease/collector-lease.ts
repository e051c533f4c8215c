import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import {
  CollectorLeaseEventTypes,
  isCollectorLeaseEvent,
  type CollectorLeaseEvent,
} from './collector-lease.events';

/** A lease as its stream's last event states it; null when free (never taken, or released). */
export interface Lease {
  holder: string;
  /** Epoch milliseconds, by the clock of the holder that wrote it. */
  expiresAt: number;
}

/** The lease of one data source and the stream revision it was read at (the expected revision of the next write). */
export interface LeaseView {
  dataSourceId: number;
  revision: number | 'no_stream';
  lease: Lease | null;
}

/**
 * Timing of every lease. The clocks of two collectors may differ by up to `skewMs`: a holder stops collecting
 * `skewMs` before its lease expires by its own clock, and nobody takes a lease over until `skewMs` after it
 * expired by theirs. With the clocks at most `skewMs` apart, the first always happens before the second.
 */
export interface LeaseTerms {
  ttlMs: number;
  skewMs: number;
}

/** A tenth of the TTL (3 s of the default 30 s), at most 5 s: NTP keeps servers far closer than that. */
export function leaseTerms(ttlMs: number, skewMs = Math.min(ttlMs / 10, 5_000)): LeaseTerms {
  if (!(ttlMs > 0)) throw new Error('The lease TTL must be positive');
  if (!(skewMs >= 0) || skewMs * 4 >= ttlMs)
    throw new Error('The clock skew margin must be under a quarter of the TTL');
  return { ttlMs, skewMs };
}

/**
 * Renewal cadence: a keeper looks at its leases every TTL/3, so that two renewals may fail before the lease runs
 * out. A renewal is due once a quarter of the TTL has passed since the last one (rather than at every look) so that
 * extra looks, such as the one after a data source is enabled, add no events, while a timer firing a little early
 * still renews.
 *
 * Renewals are events, and the port cannot truncate a stream: each collected data source gets 86 400 s / (TTL/3)
 * renewals a day, 8 640 with the default 30 s TTL. A longer
 * COLLECTOR_LEASE_SECONDS shrinks that in proportion, at the price of a longer gap when a collector dies.
 */
export const lookIntervalMs = (terms: LeaseTerms): number => terms.ttlMs / 3;
const renewalDue = (lease: Lease, now: number, terms: LeaseTerms): boolean =>
  lease.expiresAt - now <= (terms.ttlMs * 3) / 4;

/** Folds a lease stream from its last event alone (see collector-lease.events.ts). */
export function leaseViewOf(dataSourceId: number, last: RecordedEvent | undefined): LeaseView {
  if (!last) return { dataSourceId, revision: 'no_stream', lease: null };
  if (
    isCollectorLeaseEvent(last, CollectorLeaseEventTypes.Acquired) ||
    isCollectorLeaseEvent(last, CollectorLeaseEventTypes.Renewed)
  ) {
    const { holder, expiresAt } = last.data;
    return { dataSourceId, revision: last.revision, lease: { holder, expiresAt: Date.parse(expiresAt) } };
  }
  return { dataSourceId, revision: last.revision, lease: null };
}

/** Whether `holder` may collect now: its own lease, not within the skew margin of its expiry. */
export function mayCollect(view: LeaseView, holder: string, now: number, terms: LeaseTerms): boolean {
  return view.lease?.holder === holder && now < view.lease.expiresAt - terms.skewMs;
}

/** Another holder's lease that nobody may take over yet, even allowing for the skew of the clocks. */
export function heldByAnother(view: LeaseView, holder: string, now: number, terms: LeaseTerms): boolean {
  return view.lease !== null && view.lease.holder !== holder && now <= view.lease.expiresAt + terms.skewMs;
}

export type LeaseDecision =
  /** Write this event at the view's revision; whoever writes first at that revision has the lease. */
  | { kind: 'write'; event: CollectorLeaseEvent }
  /** Own lease, renewed recently enough. */
  | { kind: 'keep' }
  /** Another holder's live lease. */
  | { kind: 'wait'; holder: string };

/**
 * What `holder` does about a lease it wants. A free or expired lease is acquired; an own lease is renewed when
 * due. An own lease it already gave up on (inside the skew margin, or expired) is acquired afresh: writing at the
 * revision read proves nobody took it meanwhile, so no other collector can be running it.
 */
export function decideClaim(view: LeaseView, holder: string, now: number, terms: LeaseTerms): LeaseDecision {
  const { lease, dataSourceId } = view;
  const data = { dataSourceId, holder, expiresAt: new Date(now + terms.ttlMs).toISOString() };
  if (lease && heldByAnother(view, holder, now, terms)) return { kind: 'wait', holder: lease.holder };
  if (lease?.holder === holder && mayCollect(view, holder, now, terms)) {
    return renewalDue(lease, now, terms)
      ? { kind: 'write', event: { type: CollectorLeaseEventTypes.Renewed, data } }
      : { kind: 'keep' };
  }
  return { kind: 'write', event: { type: CollectorLeaseEventTypes.Acquired, data } };
}

/** Releasing is for the holder only: a lease it already lost to another is not its to release. */
export function decideRelease(view: LeaseView, holder: string): CollectorLeaseEvent | null {
  if (view.lease?.holder !== holder) return null;
  return { type: CollectorLeaseEventTypes.Released, data: { dataSourceId: view.dataSourceId, holder } };
}

/**
 * Spreading data sources over collectors. The collectors alive are those holding a live lease, those whose presence
 * has not run out (collector-presence), and the one deciding. Each may hold up to its fair share,
 * ceil(wanted / live collectors), and takes free leases up to it. A collector holding more than its share hands the
 * excess over (releases it) while another live collector holds less than floor(wanted / live collectors): so a
 * collector started after the others gets its part within a look or two, and nobody gives up a lease that no one is
 * short of (no churn when the shares are uneven by one). With no other collector alive the share is everything.
 */
export function fairShare(wanted: number, liveCollectors: number): number {
  return Math.ceil(wanted / Math.max(1, liveCollectors));
}

/** Every live collector with the number of live leases it holds (the deciding one's own are not counted). */
function liveHoldings(
  views: LeaseView[],
  holder: string,
  now: number,
  terms: LeaseTerms,
  present: Iterable<string>,
): Map<string, number> {
  const holdings = new Map([holder, ...present].map((collector) => [collector, 0]));
  for (const view of views) {
    if (view.lease && heldByAnother(view, holder, now, terms))
      holdings.set(view.lease.holder, (holdings.get(view.lease.holder) ?? 0) + 1);
  }
  return holdings;
}

export function liveCollectors(
  views: LeaseView[],
  holder: string,
  now: number,
  terms: LeaseTerms,
  present: Iterable<string> = [],
): number {
  return liveHoldings(views, holder, now, terms, present).size;
}

/** How many more leases `holder` may take now. */
export function acquirable(
  views: LeaseView[],
  holder: string,
  now: number,
  terms: LeaseTerms,
  present: Iterable<string> = [],
): number {
  const own = views.filter((view) => view.lease?.holder === holder).length;
  return Math.max(0, fairShare(views.length, liveCollectors(views, holder, now, terms, present)) - own);
}

/** How many of its leases `holder` hands over now (see fairShare): 0 unless another live collector is short. */
export function sheddable(
  views: LeaseView[],
  holder: string,
  now: number,
  terms: LeaseTerms,
  present: Iterable<string>,
): number {
  const holdings = liveHoldings(views, holder, now, terms, present);
  const own = views.filter((view) => mayCollect(view, holder, now, terms)).length;
  const share = fairShare(views.length, holdings.size);
  if (own <= share) return 0;
  const floor = Math.floor(views.length / holdings.size);
  const someoneShort = [...holdings].some(([collector, count]) => collector !== holder && count < floor);
  return someoneShort ? own - share : 0;
}

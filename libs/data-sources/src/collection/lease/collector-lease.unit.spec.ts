import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import {
  acquirable,
  decideClaim,
  decideRelease,
  fairShare,
  heldByAnother,
  leaseTerms,
  leaseViewOf,
  liveCollectors,
  sheddable,
  lookIntervalMs,
  mayCollect,
  type LeaseView,
} from './collector-lease';
import { CollectorLeaseEventTypes } from './collector-lease.events';

const T0 = Date.parse('2024-06-01T12:00:00.000Z');
const SECOND = 1000;
/** 30 s leases, 3 s of tolerated clock skew: the defaults. */
const terms = leaseTerms(30 * SECOND);
const iso = (ms: number) => new Date(ms).toISOString();

const free = (dataSourceId = 7): LeaseView => ({ dataSourceId, revision: 'no_stream', lease: null });
const heldBy = (holder: string, expiresAt: number, dataSourceId = 7, revision = 4): LeaseView => ({
  dataSourceId,
  revision,
  lease: { holder, expiresAt },
});

describe('collector leases', () => {
  describe('terms', () => {
    it('default the clock skew margin to a tenth of the TTL, at most 5 s', () => {
      expect(leaseTerms(30 * SECOND)).toEqual({ ttlMs: 30 * SECOND, skewMs: 3 * SECOND });
      expect(leaseTerms(600 * SECOND).skewMs).toBe(5 * SECOND);
      expect(leaseTerms(1500, 100)).toEqual({ ttlMs: 1500, skewMs: 100 });
    });

    it('refuse a TTL that is not positive or a margin that leaves no time to renew', () => {
      expect(() => leaseTerms(0)).toThrow('The lease TTL must be positive');
      expect(() => leaseTerms(30 * SECOND, 8 * SECOND)).toThrow('under a quarter of the TTL');
      expect(() => leaseTerms(30 * SECOND, -1)).toThrow('under a quarter of the TTL');
    });

    it('look every third of the TTL', () => {
      expect(lookIntervalMs(terms)).toBe(10 * SECOND);
    });
  });

  describe('the state of a lease stream is its last event', () => {
    const last = (type: string, data: object, revision = 12): RecordedEvent => ({
      id: 'e',
      type,
      data,
      metadata: {
        organizationId: null,
        actor: 'collector',
        correlationId: 'e',
        causationId: null,
        occurredAt: iso(T0),
        schemaVersion: 1,
      },
      streamId: 'collector-lease-7',
      revision,
      position: 99,
      recordedAt: iso(T0),
    });

    it.each([CollectorLeaseEventTypes.Acquired, CollectorLeaseEventTypes.Renewed])(
      '%s: held until expiry',
      (type) => {
        expect(
          leaseViewOf(7, last(type, { dataSourceId: 7, holder: 'a', expiresAt: iso(T0 + 30 * SECOND) })),
        ).toEqual({
          dataSourceId: 7,
          revision: 12,
          lease: { holder: 'a', expiresAt: T0 + 30 * SECOND },
        });
      },
    );

    it('released: free, at the revision of the release', () => {
      expect(
        leaseViewOf(7, last(CollectorLeaseEventTypes.Released, { dataSourceId: 7, holder: 'a' }, 3)),
      ).toEqual({
        dataSourceId: 7,
        revision: 3,
        lease: null,
      });
    });

    it('no stream: free, to be created', () => {
      expect(leaseViewOf(7, undefined)).toEqual(free());
    });
  });

  describe('claiming', () => {
    const acquired = (holder: string, now: number) => ({
      kind: 'write',
      event: {
        type: CollectorLeaseEventTypes.Acquired,
        data: { dataSourceId: 7, holder, expiresAt: iso(now + 30 * SECOND) },
      },
    });

    it('acquires a free lease for a TTL from now', () => {
      expect(decideClaim(free(), 'a', T0, terms)).toEqual(acquired('a', T0));
    });

    it('acquires a released lease', () => {
      expect(decideClaim({ dataSourceId: 7, revision: 5, lease: null }, 'b', T0, terms)).toEqual(
        acquired('b', T0),
      );
    });

    it("waits for another collector's live lease", () => {
      expect(decideClaim(heldBy('a', T0 + 20 * SECOND), 'b', T0, terms)).toEqual({
        kind: 'wait',
        holder: 'a',
      });
    });

    it('waits the skew margin past the expiry of another collector, whose clock may run behind', () => {
      const expiry = T0;
      expect(decideClaim(heldBy('a', expiry), 'b', expiry + 1, terms).kind).toBe('wait');
      expect(decideClaim(heldBy('a', expiry), 'b', expiry + 3 * SECOND, terms).kind).toBe('wait');
      expect(decideClaim(heldBy('a', expiry), 'b', expiry + 3 * SECOND + 1, terms)).toEqual(
        acquired('b', expiry + 3 * SECOND + 1),
      );
    });

    it('keeps its own lease while renewed less than a quarter of the TTL ago', () => {
      const renewedAt = T0;
      const lease = heldBy('a', renewedAt + 30 * SECOND);
      expect(decideClaim(lease, 'a', renewedAt, terms)).toEqual({ kind: 'keep' });
      expect(decideClaim(lease, 'a', renewedAt + 7 * SECOND, terms)).toEqual({ kind: 'keep' });
    });

    it('renews its own lease for a TTL from now once due, also when a timer fires a little early', () => {
      const renewedAt = T0;
      const lease = heldBy('a', renewedAt + 30 * SECOND);
      for (const now of [renewedAt + 7.5 * SECOND, renewedAt + 9 * SECOND, renewedAt + 20 * SECOND]) {
        expect(decideClaim(lease, 'a', now, terms)).toEqual({
          kind: 'write',
          event: {
            type: CollectorLeaseEventTypes.Renewed,
            data: { dataSourceId: 7, holder: 'a', expiresAt: iso(now + 30 * SECOND) },
          },
        });
      }
    });

    it('takes its own lease afresh once inside the skew margin or expired (it stopped collecting by then)', () => {
      const expiry = T0;
      expect(decideClaim(heldBy('a', expiry), 'a', expiry - 3 * SECOND, terms)).toEqual(
        acquired('a', expiry - 3 * SECOND),
      );
      expect(decideClaim(heldBy('a', expiry), 'a', expiry + 60 * SECOND, terms)).toEqual(
        acquired('a', expiry + 60 * SECOND),
      );
    });
  });

  describe('collecting', () => {
    it('is for the holder, until the skew margin before expiry', () => {
      const lease = heldBy('a', T0);
      expect(mayCollect(lease, 'a', T0 - 3 * SECOND - 1, terms)).toBe(true);
      expect(mayCollect(lease, 'a', T0 - 3 * SECOND, terms)).toBe(false);
      expect(mayCollect(lease, 'b', T0 - 20 * SECOND, terms)).toBe(false);
      expect(mayCollect(free(), 'a', T0, terms)).toBe(false);
    });

    it('never overlaps with a successor whose clock differs by up to the margin', () => {
      const expiry = T0;
      // Real time t; the holder's clock shows t + holderOffset, the successor's t + successorOffset.
      for (const [holderOffset, successorOffset] of [
        [0, 0],
        [-3 * SECOND, 0],
        [0, 3 * SECOND],
        [3 * SECOND, 0],
        [-1500, 1500],
      ]) {
        for (let t = expiry - 10 * SECOND; t <= expiry + 10 * SECOND; t += 100) {
          const holderCollects = mayCollect(heldBy('a', expiry), 'a', t + holderOffset, terms);
          const successorMayTake = !heldByAnother(heldBy('a', expiry), 'b', t + successorOffset, terms);
          expect(holderCollects && successorMayTake).toBe(false);
        }
      }
    });
  });

  describe('releasing', () => {
    it('releases its own lease, live or expired', () => {
      const released = {
        type: CollectorLeaseEventTypes.Released,
        data: { dataSourceId: 7, holder: 'a' },
      };
      expect(decideRelease(heldBy('a', T0 + 20 * SECOND), 'a')).toEqual(released);
      expect(decideRelease(heldBy('a', T0 - 60 * SECOND), 'a')).toEqual(released);
    });

    it("does not release a free lease or another collector's", () => {
      expect(decideRelease(free(), 'a')).toBeNull();
      expect(decideRelease(heldBy('b', T0 + 20 * SECOND), 'a')).toBeNull();
    });
  });

  describe('spreading data sources over collectors', () => {
    it.each([
      [0, 1, 0],
      [4, 1, 4],
      [4, 2, 2],
      [5, 2, 3],
      [5, 3, 2],
      [2, 5, 1],
      [3, 0, 3],
    ])('%i data sources over %i live collectors: a share of %i each', (wanted, collectors, share) => {
      expect(fairShare(wanted, collectors)).toBe(share);
    });

    const live = T0 + 20 * SECOND;
    const expired = T0 - 20 * SECOND;

    it('counts as live the collectors holding a live lease, and itself', () => {
      const views = [
        heldBy('b', live, 1),
        heldBy('c', live, 2),
        heldBy('d', expired, 3),
        heldBy('b', live, 4),
        free(5),
      ];
      expect(liveCollectors(views, 'a', T0, terms)).toBe(3);
      expect(liveCollectors([], 'a', T0, terms)).toBe(1);
    });

    it('takes everything when alone', () => {
      expect(acquirable([free(1), free(2), free(3)], 'a', T0, terms)).toBe(3);
    });

    it('takes up to its share while another collector holds some', () => {
      // 4 wanted, a and b alive: 2 each.
      expect(acquirable([heldBy('b', live, 1), free(2), free(3), free(4)], 'a', T0, terms)).toBe(2);
      expect(acquirable([heldBy('b', live, 1), heldBy('a', live, 2), free(3), free(4)], 'a', T0, terms)).toBe(
        1,
      );
    });

    it('does not grab more once holding its share or more', () => {
      const views = [
        heldBy('a', live, 1),
        heldBy('a', live, 2),
        heldBy('a', live, 3),
        heldBy('b', live, 4),
        free(5),
      ];
      // 5 over 2: a share of 3, which a already holds.
      expect(acquirable(views, 'a', T0, terms)).toBe(0);
      expect(acquirable(views, 'b', T0, terms)).toBe(2);
    });

    it('does not count the holder of an expired lease as alive', () => {
      expect(acquirable([heldBy('b', expired, 1), heldBy('b', expired, 2)], 'a', T0, terms)).toBe(2);
    });

    it('counts the collectors whose presence has not run out, holding a lease or not', () => {
      const views = [heldBy('a', live, 1), heldBy('a', live, 2), free(3), free(4)];
      expect(liveCollectors(views, 'a', T0, terms, ['b', 'c'])).toBe(3);
      // 4 over a, b and c: a share of 2, which a holds.
      expect(acquirable(views, 'a', T0, terms, ['b', 'c'])).toBe(0);
      expect(acquirable(views, 'b', T0, terms, ['a', 'b', 'c'])).toBe(2);
    });

    it('hands over what it holds beyond its share while a live collector holds less than the floor', () => {
      const all = [heldBy('a', live, 1), heldBy('a', live, 2), heldBy('a', live, 3), heldBy('a', live, 4)];
      // b just started: 4 over 2, a share of 2; b holds 0 < 2.
      expect(sheddable(all, 'a', T0, terms, ['b'])).toBe(2);
      // Alone, or with b already at its floor: nothing to hand over.
      expect(sheddable(all, 'a', T0, terms, [])).toBe(0);
      const some = [heldBy('a', live, 1), heldBy('a', live, 2), heldBy('b', live, 3)];
      // 3 over 2: a holds 2 = ceil(1.5), b holds 1 = floor(1.5): uneven by one, left alone.
      expect(sheddable(some, 'a', T0, terms, ['b'])).toBe(0);
      // Three collectors, 3 data sources all with a: b and c short, a keeps 1.
      const three = [heldBy('a', live, 1), heldBy('a', live, 2), heldBy('a', live, 3)];
      expect(sheddable(three, 'a', T0, terms, ['b', 'c'])).toBe(2);
    });

    it('hands over nothing a collector that is not alive would be short of', () => {
      const all = [heldBy('a', live, 1), heldBy('a', live, 2), heldBy('b', expired, 3)];
      expect(sheddable(all, 'a', T0, terms, [])).toBe(0);
    });
  });
});

import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import type { EventStore, RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { CollectorLeaseEventTypes } from './collector-lease.events';
import { LeaseKeeper } from './lease-keeper';

const SECOND = 1000;
const TTL = 30 * SECOND;
const SKEW = 3 * SECOND;

/** A clock each keeper reads; tests move it (and may set the keepers' clocks apart). */
class TestClock {
  constructor(public ms = Date.parse('2024-06-01T12:00:00.000Z')) {}
  now = (): Date => new Date(this.ms);
  advance(ms: number): void {
    this.ms += ms;
  }
}

describe('LeaseKeeper on a real event store (controlled clock, looks run by hand)', () => {
  let db: Database;
  let store: SqliteEventStore;
  let clock: TestClock;
  const errors: unknown[] = [];
  const keepers: LeaseKeeper[] = [];

  function keeper(holder: string, wanted: number[], ownClock: TestClock = clock, events: EventStore = store) {
    const created = new LeaseKeeper(events, {
      holder,
      ttlMs: TTL,
      clock: ownClock,
      onError: (error) => errors.push(error),
    });
    created.setWanted(wanted);
    keepers.push(created);
    const seen: number[][] = [];
    created.held$.subscribe((held) => seen.push([...held].sort((a, b) => a - b)));
    return Object.assign(created, { seen });
  }

  const leaseEvents = async (): Promise<RecordedEvent[]> =>
    (await store.readAll()).filter((event) => event.streamId.startsWith('collector-lease-'));
  const summary = async () =>
    (await leaseEvents()).map((event) => [
      event.streamId,
      event.type,
      (event.data as { holder: string }).holder,
    ]);
  const holdersOf = (ids: number[], ...all: LeaseKeeper[]) =>
    ids.map((id) => all.filter((k) => k.holds(id)).map((k) => k.holder));

  beforeEach(() => {
    errors.length = 0;
    db = openDatabase(':memory:');
    store = new SqliteEventStore(db);
    clock = new TestClock();
  });

  afterEach(async () => {
    await Promise.all(keepers.splice(0).map((k) => k.stop()));
    await store.close();
    db.close();
    expect(errors).toEqual([]);
  });

  it('takes a free lease as a system event with an expiry one TTL ahead', async () => {
    const a = keeper('collector-a', [7]);
    await a.look();

    expect(a.holds(7)).toBe(true);
    expect(a.seen).toEqual([[], [7]]);
    const [event] = await leaseEvents();
    expect(event).toMatchObject({
      streamId: 'collector-lease-7',
      type: CollectorLeaseEventTypes.Acquired,
      data: { dataSourceId: 7, holder: 'collector-a', expiresAt: '2024-06-01T12:00:30.000Z' },
      metadata: { organizationId: null, actor: 'collector', schemaVersion: 1 },
    });
  });

  it('lets exactly one of two racing collectors have each data source', async () => {
    const a = keeper('collector-a', [1, 2, 3]);
    const b = keeper('collector-b', [1, 2, 3]);

    await Promise.all([a.look(), b.look()]);
    await Promise.all([a.look(), b.look()]);

    expect(holdersOf([1, 2, 3], a, b).map((holders) => holders.length)).toEqual([1, 1, 1]);
    const acquisitions = (await summary()).filter(([, type]) => type === CollectorLeaseEventTypes.Acquired);
    expect(acquisitions.map(([stream]) => stream).sort()).toEqual([
      'collector-lease-1',
      'collector-lease-2',
      'collector-lease-3',
    ]);
  });

  it('renews its leases once per third of the TTL, and not on extra looks', async () => {
    const a = keeper('collector-a', [1, 2]);
    await a.look();
    const announced = [...a.seen];
    expect(announced.at(-1)).toEqual([1, 2]);
    clock.advance(2 * SECOND);
    await a.look();
    expect((await summary()).map(([, type]) => type)).toEqual([
      'CollectorLeaseAcquired',
      'CollectorLeaseAcquired',
    ]);

    clock.advance(8 * SECOND);
    await a.look();
    await a.look();
    const events = await leaseEvents();
    expect(events.map((event) => event.type).slice(2)).toEqual([
      'CollectorLeaseRenewed',
      'CollectorLeaseRenewed',
    ]);
    expect(events[2].data).toMatchObject({ expiresAt: '2024-06-01T12:00:40.000Z' });
    // Renewing changes nothing a supervisor must act on.
    expect(a.seen).toEqual(announced);
  });

  it('gives a lease up before expiry when its renewals stop, and another takes it only after expiry', async () => {
    const a = keeper('collector-a', [5]);
    const b = keeper('collector-b', [5]);
    await a.look();
    await b.look();
    expect(holdersOf([5], a, b)).toEqual([['collector-a']]);

    // a stops looking (stuck, or its event store unreachable): its lease expires at +30 s.
    clock.advance(TTL - SKEW - 1);
    expect(a.holds(5)).toBe(true);
    clock.advance(1);
    expect(a.holds(5)).toBe(false);
    await b.look();
    expect(b.holds(5)).toBe(false);

    clock.advance(2 * SKEW);
    await b.look();
    expect(b.holds(5)).toBe(false);
    clock.advance(1);
    await b.look();
    expect(b.holds(5)).toBe(true);

    // a comes back: it learns the lease is gone and does not take it back.
    await a.look();
    expect(holdersOf([5], a, b)).toEqual([['collector-b']]);
    expect(a.seen).toEqual([[], [5], []]);
  });

  it('stops collecting at once when a renewal loses the race to a collector whose clock ran ahead', async () => {
    const behind = new TestClock(clock.ms);
    const a = keeper('collector-a', [5], behind);
    const b = keeper('collector-b', [5]);
    await a.look();

    // The clocks drift further apart than the margin tolerates: b believes the lease expired.
    behind.advance(10 * SECOND);
    clock.advance(TTL + SKEW + 1);
    await Promise.all([a.look(), b.look()]);

    expect(holdersOf([5], a, b).flat()).toHaveLength(1);
    expect((await leaseEvents()).length).toBe(2);
    await Promise.all([a.look(), b.look()]);
    expect(holdersOf([5], a, b).flat()).toHaveLength(1);
  });

  it('releases its leases on stop, so another collector takes over without waiting for expiry', async () => {
    const a = keeper('collector-a', [1, 2]);
    const b = keeper('collector-b', [1, 2]);
    await a.look();
    await b.look();

    await a.stop();
    expect(a.seen.at(-1)).toEqual([]);
    await b.look();

    expect(holdersOf([1, 2], a, b)).toEqual([['collector-b'], ['collector-b']]);
    expect((await summary()).map(([stream, type, holder]) => `${stream} ${type} ${holder}`).sort()).toEqual([
      'collector-lease-1 CollectorLeaseAcquired collector-a',
      'collector-lease-1 CollectorLeaseAcquired collector-b',
      'collector-lease-1 CollectorLeaseReleased collector-a',
      'collector-lease-2 CollectorLeaseAcquired collector-a',
      'collector-lease-2 CollectorLeaseAcquired collector-b',
      'collector-lease-2 CollectorLeaseReleased collector-a',
    ]);
  });

  it('releases the lease of a data source no longer wanted, and takes a newly wanted one', async () => {
    const a = keeper('collector-a', [1, 2]);
    await a.look();
    expect(a.seen.at(-1)).toEqual([1, 2]);
    const before = a.seen.length;
    a.setWanted([2, 3]);
    await a.look();

    expect(a.seen.slice(before)).toEqual([[2], [2, 3]]);
    expect(
      (await summary()).filter(([stream]) => stream === 'collector-lease-1').map(([, type]) => type),
    ).toEqual(['CollectorLeaseAcquired', 'CollectorLeaseReleased']);
  });

  it('takes no more than its share of new data sources while another collector is alive', async () => {
    const a = keeper('collector-a', [1, 2]);
    const b = keeper('collector-b', [1, 2]);
    await a.look();
    await b.look();
    expect(holdersOf([1, 2], a, b)).toEqual([['collector-a'], ['collector-a']]);

    for (const k of [a, b]) k.setWanted([1, 2, 3, 4, 5, 6]);
    // Alive: a (holding 2) and b (holding none, so known only to itself). b's share: ceil(6 / 2) = 3.
    await b.look();
    await a.look();

    expect(holdersOf([1, 2, 3, 4, 5, 6], a, b).flat().sort()).toEqual([
      'collector-a',
      'collector-a',
      'collector-a',
      'collector-b',
      'collector-b',
      'collector-b',
    ]);
  });

  it('reports a failing event store and keeps its lease only until the margin before expiry', async () => {
    let failing = false;
    const flaky: EventStore = {
      append: (...args) => (failing ? Promise.reject(new Error('store unreachable')) : store.append(...args)),
      readStream: (...args) =>
        failing ? Promise.reject(new Error('store unreachable')) : store.readStream(...args),
      readAll: (options) => store.readAll(options),
      headPosition: () => store.headPosition(),
      subscribeToAll: (options, handler) => store.subscribeToAll(options, handler),
      close: async () => undefined,
    };
    const a = keeper('collector-a', [1], clock, flaky);
    await a.look();
    failing = true;

    clock.advance(10 * SECOND);
    await a.look();
    expect(a.holds(1)).toBe(true);
    clock.advance(17 * SECOND);
    await a.look();
    expect(a.holds(1)).toBe(false);
    expect(a.seen).toEqual([[], [1], []]);
    expect(errors.map(String)).toEqual(['Error: store unreachable', 'Error: store unreachable']);
    errors.length = 0;
    // Back before the keeper stops, so that it can say it leaves.
    failing = false;
  });

  it('hands leases over to a collector that starts after it took everything, and only down to the shares', async () => {
    const a = keeper('collector-a', [1, 2, 3]);
    await a.look();
    expect(holdersOf([1, 2, 3], a)).toEqual([['collector-a'], ['collector-a'], ['collector-a']]);

    // b announces itself; nothing is free yet.
    const b = keeper('collector-b', [1, 2, 3]);
    await b.look();
    expect(b.seen).toEqual([[]]);
    // a now counts two collectors: share ceil(3 / 2) = 2, and b holds less than floor(3 / 2) = 1: a hands one over.
    await a.look();
    await b.look();
    const holders = holdersOf([1, 2, 3], a, b).flat().sort();
    expect(holders).toEqual(['collector-a', 'collector-a', 'collector-b']);

    // Even shares (2 and 1 of 3) are left alone, look after look.
    for (let i = 0; i < 3; i++) {
      clock.advance(10 * SECOND);
      await a.look();
      await b.look();
    }
    expect(holdersOf([1, 2, 3], a, b).flat().sort()).toEqual(holders);
    const releases = (await leaseEvents()).filter(
      (event) => event.type === CollectorLeaseEventTypes.Released,
    );
    expect(releases).toHaveLength(1);
  });

  it('counts a collector that left no more, so nobody hands it anything', async () => {
    const a = keeper('collector-a', [1, 2]);
    const b = keeper('collector-b', [1, 2]);
    await b.look();
    await b.stop();
    await a.look();
    await a.look();
    expect(holdersOf([1, 2], a)).toEqual([['collector-a'], ['collector-a']]);
    const presence = (await store.readAll()).filter((event) => event.streamId === 'collector-presence');
    expect(presence.map((event) => [event.type, (event.data as { holder: string }).holder])).toEqual([
      ['CollectorPresent', 'collector-b'],
      ['CollectorLeft', 'collector-b'],
      ['CollectorPresent', 'collector-a'],
    ]);
  });
});

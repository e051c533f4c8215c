import BetterSqlite3 from 'better-sqlite3';
import type { EventMetadata } from '@lorawatch/domain/event-envelope';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { SqliteEventStore } from '../embedded/sqlite-event-store';
import type { NewEvent } from '../event-store.port';
import { StreamChainLinkLog } from './chain-link-log';
import { CHAIN_LINKED, EventChainer, verifyLinkedChain } from './event-chainer';

const LINKS = 'lorawatch-audit';

const metadata: EventMetadata = {
  organizationId: 1,
  actor: 'system',
  correlationId: 'c',
  causationId: null,
  occurredAt: '2026-01-01T00:00:00.000Z',
  schemaVersion: 1,
};

const event = (id: string, data: unknown): NewEvent => ({ id, type: 'CounterMoved', data, metadata });

/**
 * The chainer is the design for stores without a single writer (KurrentDB); it works through the port, so it is
 * exercised here on the embedded store's file.
 */
describe('EventChainer (a chain over the commit order, kept by one follower)', () => {
  let temp: TempSqliteFile;
  let store: SqliteEventStore;
  let log: StreamChainLinkLog;

  beforeEach(() => {
    temp = createTempSqliteFile('event-chainer');
    store = SqliteEventStore.open(temp.file, { pollIntervalMs: 20 });
    log = new StreamChainLinkLog(store, LINKS);
  });

  afterEach(async () => {
    await store.close();
    temp.remove();
  });

  async function appendMany(prefix: string, count: number): Promise<void> {
    for (let index = 0; index < count; index++)
      await store.append(`${prefix}-${index % 4}`, [event(`${prefix}${index}`, { index })], 'any');
  }

  it('starts the chain at the head it finds, links events in order, and verifies them', async () => {
    await appendMany('before', 3);
    const chainer = new EventChainer(store, log, { linkEvery: 4 });
    await chainer.start();
    await appendMany('after', 10);
    await chainer.caughtUp();
    await chainer.stop();

    const links = (await store.readStream(LINKS)).filter((recorded) => recorded.type === CHAIN_LINKED);
    expect(links.map((link) => (link.data as { count: number }).count)).toEqual([4, 4, 2]);
    const verified = await verifyLinkedChain(store, log);
    expect(verified).toMatchObject({ ok: true, beforeChain: 3, checked: 10, unlinked: 0 });
    expect(verified.genesis).toMatchObject({ position: 3, reason: 'migration' });
  });

  it('resumes from its last link after a restart, and a second chainer that comes late goes on after its links', async () => {
    const first = new EventChainer(store, log, { linkEvery: 3 });
    await first.start();
    await appendMany('a', 5);
    await first.caughtUp();
    await first.stop();

    const errors: unknown[] = [];
    const restarted = new EventChainer(store, log, {
      linkEvery: 3,
      onError: (e) => errors.push(e),
    });
    const stale = new EventChainer(store, log, { linkEvery: 100, onError: (e) => errors.push(e) });
    await restarted.start();
    await stale.start();
    await appendMany('b', 4);
    await restarted.caughtUp();
    // The second one read the same last link but cuts its links elsewhere (one link when caught up): that link is
    // refused, so it reads the links written meanwhile, finds its own hashes in them, and has nothing left to link.
    await stale.caughtUp();
    expect(stale.linkedPosition).toBe(restarted.linkedPosition);
    await restarted.stop();
    await stale.stop();

    expect(errors).toEqual([]);
    const links = (await store.readStream(LINKS)).filter((recorded) => recorded.type === CHAIN_LINKED);
    expect(links.map((link) => (link.data as { count: number }).count)).toEqual([3, 2, 3, 1]);
    expect(await verifyLinkedChain(store, log)).toMatchObject({ ok: true, checked: 9 });
  });

  it('names the first position of the link whose events were changed', async () => {
    const chainer = new EventChainer(store, log, { linkEvery: 3 });
    await chainer.start();
    await appendMany('x', 9);
    await chainer.caughtUp();
    await chainer.stop();

    const linked = (await store.readAll()).filter((recorded) => recorded.streamId !== LINKS);
    const changed = linked[4]; // in the second link's range
    const db = new BetterSqlite3(temp.file);
    db.prepare('UPDATE events SET data = ? WHERE position = ?').run('{"index":40}', changed.position);
    db.close();

    const verified = await verifyLinkedChain(store, log);
    expect(verified).toMatchObject({ ok: false, firstBadPosition: linked[3].position, checked: 3 });
  });
});

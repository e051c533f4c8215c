import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import type { EventStore, NewEvent, RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { ORIGINAL_RECORDED_AT_KEY } from '@lorawatch/event-store/kurrent/event-id';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { envelope } from '@lorawatch/platform/aggregate';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { migrate, type MigrationEngines } from './migrate';
import { withDroppedStart } from './testing/dropped-start';

/**
 * How the migration copies events that a scale-out source stamps or drops: the times of the originals, and streams
 * whose start the source no longer has. Real SQLite files on both sides (the KurrentDB adapter's reading of the
 * carried time is unit-tested with the adapter); no projection, so only the event copy is at stake.
 */
interface Side extends MigrationEngines {
  db: Database;
}

const RECORDED = '2023-03-04T05:06:07.890Z';
const LEASE = 'collector-lease-1';

describe('migrating events', () => {
  let dir: string;
  const sides: Side[] = [];

  function open(name: string, now?: () => Date): Side {
    const db = openDatabase(join(dir, `${name}.db`));
    const side: Side = {
      db,
      events: new SqliteEventStore(db, { pollIntervalMs: 20, ...(now ? { now } : {}) }),
      packets: new SqlitePacketLog(db, { partitions: 2 }),
      store: new SqliteReadStore(db),
    };
    sides.push(side);
    return side;
  }

  const event = (type: string, n: number): NewEvent =>
    envelope(type, { n }, { organizationId: null, actor: 'test' }, '2023-03-04T05:00:00.000Z');

  /** Organisation events, with a lease stream renewed in between (as a collector does). */
  async function fill(events: EventStore): Promise<void> {
    await events.append('organization-1', [event('OrganizationCreated', 0)], 'no_stream');
    for (let n = 0; n < 6; n++)
      await events.append(LEASE, [event('CollectorLeaseRenewed', n)], n === 0 ? 'no_stream' : n - 1);
    await events.append('organization-2', [event('OrganizationCreated', 1)], 'no_stream');
    await events.append('organization-1', [event('OrganizationRenamed', 2)], 0);
    await events.append(LEASE, [event('CollectorLeaseRenewed', 6)], 5);
  }

  const shape = (events: RecordedEvent[]) => events.map((e) => `${e.streamId}@${e.revision}:${e.id}`);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lorawatch-migrate-events-'));
  });

  afterEach(async () => {
    for (const side of sides.splice(0)) {
      await side.events.close();
      await side.packets.close();
      await side.store.close();
      side.db.close();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('carries the time each original was recorded, unless told to stamp the time of the copy', async () => {
    const source = open('source', () => new Date(RECORDED));
    await fill(source.events);
    const kept = open('kept');
    const stamped = open('stamped');

    await migrate({ from: source, to: kept, projections: [] });
    await migrate({ from: source, to: stamped, projections: [], keepRecordedTimes: false });

    const carried = await kept.events.readAll();
    expect(carried).toHaveLength(10);
    for (const copy of carried) {
      expect(copy.recordedAt).toBe(new Date(RECORDED).toISOString());
      // The embedded target reads the original time back as the copy's own and keeps the metadata as it was.
      expect(copy.metadata).not.toHaveProperty(ORIGINAL_RECORDED_AT_KEY);
    }
    for (const copy of await stamped.events.readAll()) {
      expect(copy.recordedAt).not.toBe(new Date(RECORDED).toISOString());
      expect(copy.metadata).not.toHaveProperty(ORIGINAL_RECORDED_AT_KEY);
    }
  });

  it('leaves out a stream whose start the source dropped, copying everything else in order', async () => {
    const filled = open('source');
    await fill(filled.events);
    const source = { ...filled, events: withDroppedStart(filled.events, LEASE, 4) };
    const target = open('target');

    const report = await migrate({ from: source, to: target, projections: [] });

    expect(report.phases[0]).toMatchObject({ phase: 'events', copied: 3, skipped: 0, truncated: 3 });
    const others = (await filled.events.readAll()).filter((e) => e.streamId !== LEASE);
    expect(shape(await target.events.readAll())).toEqual(shape(others));
    expect(await target.events.readStream(LEASE)).toEqual([]);
  });

  it('resumes past the streams it left out, and finishes an interrupted copy', async () => {
    const filled = open('source');
    await fill(filled.events);
    const source = { ...filled, events: withDroppedStart(filled.events, LEASE, 4) };
    const target = open('target');
    // Interrupted after the first two events it copies.
    const copied = (await filled.events.readAll()).filter((e) => e.streamId !== LEASE);
    for (const original of copied.slice(0, 2))
      await target.events.append(
        original.streamId,
        [original],
        original.revision === 0 ? 'no_stream' : original.revision - 1,
      );

    const resumed = await migrate({ from: source, to: target, projections: [], resume: true });
    expect(resumed.phases[0]).toMatchObject({ copied: 1, skipped: 2, truncated: 3 });
    const again = await migrate({ from: source, to: target, projections: [], resume: true });
    expect(again.phases[0]).toMatchObject({ copied: 0, skipped: 3, truncated: 3 });
    expect(shape(await target.events.readAll())).toEqual(shape(copied));
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectorCheckpoint } from '@lorawatch/detection/detection-runner';
import { KEY_AUDIT_QUEUE, type KeyAuditJob } from '@lorawatch/detection/key-audit/key-audit-queue';
import { keyAuditCheckpoint } from '@lorawatch/detection/key-audit-runner';
import { trafficCheckpoint } from '@lorawatch/dashboard';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { createChirpstackV3Parser } from '@lorawatch/ingest/chirpstack-v3/chirpstack-v3-parser';
import { ISSUE_TRACKER_CHECKPOINT, TRACKED_ISSUES } from '@lorawatch/issues/tracker/issue-tracker';
import { ISSUES } from '@lorawatch/issues/projection/issue.view';
import { NOTIFICATIONS_CHECKPOINT } from '@lorawatch/notifications/notifications.worker';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import {
  PACKET_LOG,
  entryOf,
  isPacketRecord,
  type LogRecord,
  type PacketLog,
} from '@lorawatch/packet-log/packet-log.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { PROJECTIONS_IN_ORDER } from '@lorawatch/processes/read-models';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { READ_STORE, type Doc, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import { startDemoBroker, type DemoBroker } from '@lorawatch/simulator/demo-broker';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import type { Packet } from '@lorawatch/domain/packet';
import { startApp, type Harness } from '../../../test/support/app-harness';
import { waitFor } from '../../../test/support/wait-for';
import { migrate, MigrationRefused, type MigrationEngines, type MigrationReport } from './migrate';
import {
  checkpointTreatment,
  CONSUMER_GROUPS,
  COPIED_COLLECTIONS,
  OFFSET_CHECKPOINTS,
  POSITION_CHECKPOINTS,
  treatmentOf,
} from './read-store-catalogue';
import { withSparsePositions } from './testing/sparse-positions';

const PARTITIONS = 4;

interface Side extends MigrationEngines {
  db: Database;
}

function open(file: string, options: { partitions?: number; sparse?: boolean } = {}): Side {
  const db = openDatabase(file);
  const events = new SqliteEventStore(db, { pollIntervalMs: 20 });
  return {
    db,
    events: options.sparse ? withSparsePositions(events) : events,
    packets: new SqlitePacketLog(db, { partitions: options.partitions ?? PARTITIONS }),
    store: new SqliteReadStore(db),
  };
}

async function close(side: Side): Promise<void> {
  await side.events.close();
  await side.packets.close();
  await side.store.close();
  side.db.close();
}

/**
 * A migration between two real SQLite files, the source filled by the standalone app itself (packets through the
 * packet log, the detectors, the key audit, the traffic counters, the issue tracker, the notifications worker and
 * every projection). Only embedded → embedded runs here; the scale-out direction runs the same code over the
 * KurrentDB, Kafka and MongoDB adapters. The sparse target renumbers positions as KurrentDB does, so that every
 * position carried over must be translated.
 */
describe('migrating the engines', () => {
  let dir: string;
  let broker: DemoBroker;
  let harness: Harness;
  let source: Side;
  let plain: Side;
  let sparse: Side;
  let first: MigrationReport;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lorawatch-migrate-'));
    broker = await startDemoBroker(0);
    harness = await startApp({ DETECTOR_TICK_SECONDS: '0' });
    await fillThroughTheApp(harness, broker.port);
    await harness.app.close();
    source = open(harness.config.databaseFile);
    await leaveAnAuditPending(source);
    plain = open(join(dir, 'plain.db'));
    sparse = open(join(dir, 'sparse.db'), { sparse: true });
    first = await migrate({ from: source, to: plain, projections: PROJECTIONS_IN_ORDER, batchSize: 97 });
    await migrate({ from: source, to: sparse, projections: PROJECTIONS_IN_ORDER, batchSize: 64 });
  }, 120_000);

  afterAll(async () => {
    for (const side of [source, plain, sparse]) if (side) await close(side);
    await broker?.close();
    if (harness) rmSync(harness.config.dataDir, { recursive: true, force: true });
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('starts from a realistic source: alerts, issues, detector state and every worker checkpoint', async () => {
    expect((await source.events.readAll()).filter((e) => e.type === 'AlertRaised').length).toBeGreaterThan(5);
    expect(await source.store.collection(TRACKED_ISSUES).count()).toBeGreaterThan(0);
    expect(await source.store.checkpoint(ISSUE_TRACKER_CHECKPOINT)).toBeGreaterThan(0);
    expect(await source.store.checkpoint(NOTIFICATIONS_CHECKPOINT)).toBeGreaterThan(0);
    // Every copied collection has documents to copy, but for packets set aside after repeated failures (none here)
    // gateway packets waiting for their fold (folded once the whole log is detected: none at rest) and detector
    // output waiting for its append (appended right after its commit: none at rest).
    const emptyAtRest = new Set([
      'set_aside_records',
      'gateway_pending',
      'discovery_pending',
      'detection_outbox',
    ]);
    for (const spec of COPIED_COLLECTIONS.filter((copied) => !emptyAtRest.has(copied.name)))
      expect([spec.name, await source.store.collection(spec).count()]).not.toEqual([spec.name, 0]);
  });

  it('knows every collection and checkpoint the source file holds', () => {
    const tables = source.db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rs\\_%' ESCAPE '\\'",
      )
      .all()
      .map((row) => row.name.slice('rs_'.length));
    expect(tables.filter((name) => treatmentOf(name, PROJECTIONS_IN_ORDER) === 'unknown')).toEqual([]);
    const checkpoints = source.db
      .prepare<[], { name: string }>('SELECT name FROM read_checkpoints')
      .all()
      .map((row) => row.name);
    expect(
      checkpoints.filter(
        (name) => checkpointTreatment(name, PROJECTIONS_IN_ORDER, PARTITIONS).kind === 'unknown',
      ),
    ).toEqual([]);
  });

  it('copies every stream with the same events in the same order', async () => {
    const original = byStream(await source.events.readAll());
    expect(byStream(await plain.events.readAll())).toEqual(original);
    expect(byStream(await sparse.events.readAll())).toEqual(original);
    expect(first.phases[0]).toMatchObject({
      phase: 'events',
      copied: (await source.events.readAll()).length,
      skipped: 0,
    });
  });

  it('copies every partition of the packet log with the same offsets', async () => {
    for (let partition = 0; partition < PARTITIONS; partition++) {
      const original = await packetsOf(source.packets, partition);
      expect(original.length).toBeGreaterThan(0);
      expect(await packetsOf(plain.packets, partition)).toEqual(original);
    }
    for (const group of CONSUMER_GROUPS)
      expect(await plain.packets.committedOffsets(group)).toEqual(
        await source.packets.committedOffsets(group),
      );
  });

  it('gives the target the same documents in every read model, rebuilt or copied', async () => {
    for (const spec of allCollections()) {
      expect([spec.name, await documents(plain.store, spec.name)]).toEqual([
        spec.name,
        await documents(source.store, spec.name),
      ]);
    }
  });

  it('carries the checkpoints over: offsets as they are, positions equal on a store numbered alike', async () => {
    for (const name of checkpointNames()) {
      expect([name, await plain.store.checkpoint(name)]).toEqual([name, await source.store.checkpoint(name)]);
    }
    expect(await source.store.checkpoint(detectorCheckpoint(0))).toBeGreaterThan(0);
  });

  it('translates every position into a store numbered otherwise, so no worker handles an event twice', async () => {
    const sparsely = (position: number) => (position === 0 ? 0 : position * 10 + 3);
    for (const name of POSITION_CHECKPOINTS)
      expect([name, await sparse.store.checkpoint(name)]).toEqual([
        name,
        sparsely(await source.store.checkpoint(name)),
      ]);
    // Projections' checkpoints are positions too, of the rebuilt read models; offsets stay as they are.
    for (const { name } of PROJECTIONS_IN_ORDER)
      expect([name, await sparse.store.checkpoint(name)]).toEqual([
        name,
        sparsely(await source.store.checkpoint(name)),
      ]);
    for (const name of offsetCheckpointNames())
      expect([name, await sparse.store.checkpoint(name)]).toEqual([
        name,
        await source.store.checkpoint(name),
      ]);
    const tracked = await documents(source.store, TRACKED_ISSUES.name);
    const moved = await documents(sparse.store, TRACKED_ISSUES.name);
    expect(moved).toEqual(tracked.map((doc) => ({ ...doc, numericId: sparsely(doc.numericId as number) })));
    // The rebuilt issues read model numbers issues by IssueOpened's position on the target, as the tracker now does.
    const issues = await documents(sparse.store, ISSUES.name);
    for (const doc of moved) {
      expect(issues.find((issue) => issue.id === doc.id)?.numericId).toBe(doc.numericId);
    }
  });

  it('adds nothing when run again with resume', async () => {
    const before = {
      head: await plain.events.headPosition(),
      ends: await plain.packets.endOffsets(),
      docs: await Promise.all(allCollections().map((spec) => documents(plain.store, spec.name))),
    };
    const again = await migrate({ from: source, to: plain, projections: PROJECTIONS_IN_ORDER, resume: true });
    expect(again.phases.map(({ phase, copied }) => [phase, copied])).toEqual([
      ['events', 0],
      ['packets', 0],
      ['read models', await countCopied(source.store)],
    ]);
    expect(await plain.events.headPosition()).toBe(before.head);
    expect(await plain.packets.endOffsets()).toEqual(before.ends);
    expect(await Promise.all(allCollections().map((spec) => documents(plain.store, spec.name)))).toEqual(
      before.docs,
    );
  });

  it('finishes an interrupted migration with resume', async () => {
    const partial = open(join(dir, 'partial.db'));
    try {
      const events = await source.events.readAll({ maxCount: 40 });
      for (const event of events)
        await partial.events.append(
          event.streamId,
          [event],
          event.revision === 0 ? 'no_stream' : event.revision - 1,
        );
      await partial.packets.append((await source.packets.read(1, 0, 7)).map(entryOf));
      await expect(migrate({ from: source, to: partial, projections: PROJECTIONS_IN_ORDER })).rejects.toThrow(
        MigrationRefused,
      );
      const report = await migrate({
        from: source,
        to: partial,
        projections: PROJECTIONS_IN_ORDER,
        resume: true,
      });
      expect(report.phases[0]).toMatchObject({ skipped: 40 });
      expect(report.phases[1]).toMatchObject({ skipped: 7 });
      expect(byStream(await partial.events.readAll())).toEqual(byStream(await source.events.readAll()));
      expect(await packetsOf(partial.packets, 1)).toEqual(await packetsOf(source.packets, 1));
    } finally {
      await close(partial);
    }
  });

  it('refuses a target that is not empty, naming what it holds', async () => {
    await expect(migrate({ from: source, to: plain, projections: PROJECTIONS_IN_ORDER })).rejects.toThrow(
      /^The target is not empty: the event store has events \(head position \d+\); the packet log has packets .*; the read store has documents in .*pass --resume/,
    );
  });

  it('refuses a packet log with another number of partitions', async () => {
    const other = open(join(dir, 'two-partitions.db'), { partitions: 2 });
    try {
      await expect(migrate({ from: source, to: other, projections: PROJECTIONS_IN_ORDER })).rejects.toThrow(
        'The packet logs have different partition counts: the source has 4, the target 2.',
      );
    } finally {
      await close(other);
    }
  });

  it('refuses to resume into a target that holds other events', async () => {
    const foreign = open(join(dir, 'foreign.db'));
    try {
      await foreign.events.append(
        'organization-99',
        [
          envelope(
            'OrganizationCreated',
            { organizationId: 99, name: 'Other' },
            { organizationId: 99, actor: 'test' },
            '2026-01-01T00:00:00.000Z',
          ),
        ],
        'no_stream',
      );
      await expect(
        migrate({ from: source, to: foreign, projections: PROJECTIONS_IN_ORDER, resume: true }),
      ).rejects.toThrow(
        /^The target event store is not a copy of the source: after 0 matching events it holds organization-99@0/,
      );
    } finally {
      await close(foreign);
    }
  });
});

async function fillThroughTheApp(harness: Harness, brokerPort: number): Promise<void> {
  const token = await harness.adminToken();
  const auth = { Authorization: `Bearer ${token}` };
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as {
    user_claims: { organization_id: number };
  };
  const organizationId = claims.user_claims.organization_id;
  const created = await harness.http
    .post('/api/v1.0/data_collectors')
    .set(auth)
    .send({
      name: 'Field network',
      data_collector_type_id: 1,
      policy_id: 1,
      ip: '127.0.0.1',
      port: brokerPort,
    })
    .expect(200);
  const dataSourceId = created.body.id as number;
  const packets = harness.app.get<PacketLog>(PACKET_LOG);
  const store = harness.app.get<ReadStore>(READ_STORE);
  const simulated = simulatedPackets(organizationId, dataSourceId);
  for (let start = 0; start < simulated.length; start += 200)
    await packets.append(simulated.slice(start, start + 200));
  await waitFor(
    async () => {
      const ends = await packets.endOffsets();
      for (const [partition, end] of ends.entries()) {
        for (const checkpointOf of [detectorCheckpoint, keyAuditCheckpoint, trafficCheckpoint])
          if ((await store.checkpoint(checkpointOf(partition))) < end) return null;
      }
      // The key audit queues its join requests and searches them on its threads: wait for the searches too.
      return (await store.collection(KEY_AUDIT_QUEUE).count()) === 0 ? true : null;
    },
    60_000,
    'the detectors, the key audit and the traffic counters to handle every packet',
  );
  await waitFor(
    async () =>
      (await store.checkpoint(ISSUE_TRACKER_CHECKPOINT)) > 0 &&
      (await store.checkpoint(NOTIFICATIONS_CHECKPOINT)) > 0
        ? true
        : null,
    30_000,
    'the issue tracker and the notifications worker to follow the alerts',
  );
}

function simulatedPackets(organizationId: number, dataSourceId: number): Packet[] {
  const simulator = new NetworkSimulator({
    devices: 12,
    gateways: 2,
    seed: 8,
    attacks: ['join-replay', 'devnonce-repeat', 'abp-reset', 'weak-signal', 'weak-key'],
    attackIntervalSeconds: 60,
    startTime: new Date(Date.now() - 3_600_000),
  });
  const parse = createChirpstackV3Parser();
  const packets: Packet[] = [];
  for (let step = 0; step < 300; step++) {
    for (const message of simulator.next()) {
      const outcome = parse(message.topic, message.payload, {
        dataSourceId,
        organizationId,
        receivedAt: message.at.toISOString(),
      });
      if (outcome.kind === 'packets') packets.push(...outcome.packets);
    }
  }
  return packets;
}

function byStream(
  events: RecordedEvent[],
): Record<string, Array<Omit<RecordedEvent, 'position' | 'recordedAt'>>> {
  const streams: Record<string, Array<Omit<RecordedEvent, 'position' | 'recordedAt'>>> = {};
  for (const { position: _position, recordedAt: _recordedAt, ...event } of events)
    (streams[event.streamId] ??= []).push(event);
  return streams;
}

/**
 * The app drains its AppKey audit queue before it stops; a migration taken while an audit waits must carry it over,
 * so the source keeps one job pending, for one of its real join requests.
 */
async function leaveAnAuditPending(side: Side): Promise<void> {
  for (let partition = 0; partition < PARTITIONS; partition++) {
    const join = (await side.packets.read(partition, 0, 1_000_000))
      .filter(isPacketRecord)
      .find((record) => record.packet.mType === 'JoinRequest' && record.packet.devEui !== null);
    if (!join) continue;
    const job: KeyAuditJob = {
      id: join.packet.id,
      device: `${join.packet.dataSourceId}:${join.packet.devEui}`,
      organizationId: join.packet.organizationId,
      partition,
      offset: join.offset,
      enqueuedAt: Date.parse(join.packet.date),
      packet: join.packet,
    };
    await side.store.commit([{ op: 'upsert', collection: KEY_AUDIT_QUEUE.name, doc: job }]);
    return;
  }
  throw new Error('the source holds no join request');
}

async function packetsOf(log: PacketLog, partition: number): Promise<Array<Omit<LogRecord, 'timestamp'>>> {
  const records = await log.read(partition, 0, 1_000_000);
  return records.map(({ timestamp: _timestamp, ...record }) => record);
}

function allCollections() {
  return [...COPIED_COLLECTIONS, ...PROJECTIONS_IN_ORDER.flatMap((projection) => projection.collections)];
}

function offsetCheckpointNames(): string[] {
  const names: string[] = [];
  for (let partition = 0; partition < PARTITIONS; partition++)
    names.push(...OFFSET_CHECKPOINTS.map((checkpointOf) => checkpointOf(partition)));
  return names;
}

function checkpointNames(): string[] {
  return [
    ...POSITION_CHECKPOINTS,
    ...PROJECTIONS_IN_ORDER.map((projection) => projection.name),
    ...offsetCheckpointNames(),
  ];
}

async function documents(
  store: ReadStore,
  collection: string,
): Promise<Array<Doc & Record<string, unknown>>> {
  const docs = await store
    .collection<Doc & Record<string, unknown>>({ name: collection })
    .find({}, { sort: [['id', 'asc']] });
  // The audit index shows when each store recorded an event: the target records the copied events anew, so that one
  // field is the target's own (docs/api.md, "History of one thing"); everything else must be equal.
  if (collection !== 'audit_events') return docs;
  return docs.map(({ recordedAt: _recordedAt, ...rest }) => rest as Doc & Record<string, unknown>);
}

async function countCopied(store: ReadStore): Promise<number> {
  let count = 0;
  for (const spec of COPIED_COLLECTIONS) count += await store.collection(spec).count();
  return count;
}

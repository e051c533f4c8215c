import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PolicyView, defaultPolicyItems } from '@lorawatch/domain/policy';
import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { runDetection } from '@lorawatch/detectors/testing/detection-harness';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { createChirpstackV3Parser } from '@lorawatch/ingest/chirpstack-v3/chirpstack-v3-parser';
import { envelope } from '@lorawatch/platform/aggregate';
import { deterministicUuid } from '@lorawatch/platform/deterministic-uuid';
import { ProjectionRunner } from '@lorawatch/projections/projection-runner';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { PROJECTIONS_IN_ORDER } from '@lorawatch/processes/read-models';

/** `npm run replay` semantics: rebuilding the read models from the event store gives the same read models, every time. */
describe('rebuilding the read models from the event store', () => {
  let dir: string;
  let db: Database;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lorawatch-replay-'));
    db = openDatabase(join(dir, 'lorawatch.db'));
    await recordHistory(new SqliteEventStore(db));
  });

  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives identical read models when replayed twice from scratch', async () => {
    const first = await rebuild(db);
    const second = await rebuild(db);
    expect(first.alerts.length).toBeGreaterThan(20);
    expect(first.data_sources).toHaveLength(1);
    expect(second).toEqual(first);
  });
});

async function recordHistory(events: SqliteEventStore): Promise<void> {
  const who = { organizationId: 1, actor: 'test' };
  const at = '2026-01-01T00:00:00.000Z';
  await events.append(
    'organization-1',
    [envelope('OrganizationCreated', { organizationId: 1, name: 'Org' }, who, at)],
    'no_stream',
  );
  await events.append(
    'policy-1',
    [
      envelope(
        'PolicyCreated',
        { policyId: 1, organizationId: null, name: 'Default', isDefault: true, items: defaultPolicyItems() },
        who,
        at,
      ),
    ],
    'no_stream',
  );
  await events.append(
    'datasource-1',
    [
      envelope(
        'DataSourceCreated',
        {
          dataSourceId: 1,
          organizationId: 1,
          name: 'Replayed',
          description: '',
          typeId: 1,
          type: 'chirpstack_collector',
          host: '127.0.0.1',
          port: 1883,
          username: null,
          passwordSealed: null,
          ssl: false,
          caCert: null,
          clientCert: null,
          clientKeySealed: null,
          topics: ['gateway/#'],
          policyId: 1,
        },
        who,
        at,
      ),
      envelope('DataSourceConnected', { dataSourceId: 1 }, who, at),
    ],
    'no_stream',
  );
  for (const alert of alertsOfSimulatedTraffic()) {
    await events.append(
      `alert-${alert.id}`,
      [envelope('AlertRaised', alert, who, alert.createdAt, deterministicUuid(alert.id))],
      'no_stream',
    );
  }
}

function alertsOfSimulatedTraffic(): AlertDraft[] {
  const simulator = new NetworkSimulator({
    devices: 20,
    gateways: 3,
    seed: 3,
    attacks: ['join-replay', 'devnonce-repeat'],
    attackIntervalSeconds: 60,
  });
  const parse = createChirpstackV3Parser();
  const packets: Packet[] = [];
  for (let step = 0; step < 600; step++) {
    for (const message of simulator.next()) {
      const outcome = parse(message.topic, message.payload, {
        dataSourceId: 1,
        organizationId: 1,
        receivedAt: message.at.toISOString(),
      });
      if (outcome.kind === 'packets') packets.push(...outcome.packets);
    }
  }
  return runDetection(packets, new PolicyView(defaultPolicyItems())).alerts;
}

async function rebuild(db: Database): Promise<Record<string, unknown[]>> {
  const events = new SqliteEventStore(db);
  const store = new SqliteReadStore(db);
  for (const projection of PROJECTIONS_IN_ORDER) {
    await store.reset(
      projection.collections.map((collection) => collection.name),
      projection.name,
    );
  }
  const runner = new ProjectionRunner(events, store, PROJECTIONS_IN_ORDER);
  await runner.start();
  await runner.caughtUp();
  await runner.stop();
  const snapshot: Record<string, unknown[]> = {};
  for (const projection of PROJECTIONS_IN_ORDER) {
    for (const spec of projection.collections) {
      snapshot[spec.name] = await store.collection(spec).find({}, { sort: [['id', 'asc']] });
    }
  }
  return snapshot;
}

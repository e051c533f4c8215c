import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { UpcastingEventStore } from '@lorawatch/event-store/upcasting/upcasting-event-store';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { engineKinds } from '@lorawatch/config/engine-urls';
import { openEngines } from './open-engines';

describe('engines chosen by configuration', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'lorawatch-engines-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const embedded = () => ({
    engines: { eventStore: null, kafkaBrokers: [], mongodb: null },
    databaseFile: join(dir, 'lorawatch.db'),
    packetLogPartitions: 3,
    instanceId: 'test',
    kafkaReplication: { replicationFactor: null, minInsyncReplicas: null },
    kafkaSecurity: { ssl: false, ca: null, sasl: null },
  });

  it('opens the three ports on one SQLite file when no server is configured, and closes them', async () => {
    const engines = await openEngines(embedded());
    expect(engines.kinds).toEqual({ events: 'embedded', packets: 'embedded', reads: 'embedded' });
    expect(engines.events).toBeInstanceOf(UpcastingEventStore);
    expect(engines.packets).toBeInstanceOf(SqlitePacketLog);
    expect(engines.packets.partitions).toBe(3);
    expect(engines.store).toBeInstanceOf(SqliteReadStore);
    // A migration copies what was recorded, not its upcast shape.
    const raw = await openEngines(embedded(), { upcast: false });
    expect(raw.events).toBeInstanceOf(SqliteEventStore);
    await raw.close();
    await engines.events.append(
      's-1',
      [{ id: 'e-1', type: 'Happened', data: {}, metadata: META }],
      'no_stream',
    );
    await engines.store.commit([], { name: 'somebody', position: 7 });
    await engines.close();

    // One file: what one port wrote, the same file shows through a second opening.
    const again = await openEngines(embedded());
    expect(await again.events.headPosition()).toBe(1);
    expect(await again.store.checkpoint('somebody')).toBe(7);
    await again.close();
  });

  it('names each port that runs on a server', () => {
    expect(engineKinds({ eventStore: 'kurrentdb://k:2113', kafkaBrokers: [], mongodb: null })).toEqual({
      events: 'scale-out',
      packets: 'embedded',
      reads: 'embedded',
    });
    expect(engineKinds({ eventStore: null, kafkaBrokers: ['k:9092'], mongodb: 'mongodb://m' })).toEqual({
      events: 'embedded',
      packets: 'scale-out',
      reads: 'scale-out',
    });
  });
});

const META = {
  organizationId: null,
  actor: 'test',
  correlationId: 'c',
  causationId: null,
  occurredAt: '2026-11-23T00:00:00.000Z',
  schemaVersion: 1,
};

import { DATA_SOURCES } from '@lorawatch/domain/data-source.view';
import type { Packet } from '@lorawatch/domain/packet';
import { defaultPolicyItems } from '@lorawatch/domain/policy';
import { parseChirpstackV3Message } from '@lorawatch/ingest/chirpstack-v3/parse-chirpstack-v3-message';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import { openDatabase } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { connectedDataSource } from './testing/connected-data-source';
import { runWhatIf, type WhatIfTask } from './what-if-run';

const T0 = Date.parse('2026-11-20T00:00:00.000Z');
const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();

/** Real frames of a simulated ChirpStack v3 network as the collector of `dataSourceId` stores them. */
function recordedTraffic(dataSourceId: number, seed: number): Packet[] {
  const simulator = new NetworkSimulator({
    devices: 12,
    gateways: 2,
    seed,
    startTime: new Date(T0),
    uplinkPeriodSeconds: 300,
    attackIntervalSeconds: 1800,
    attacks: ['gateway-silence', 'uplink-replay', 'shared-devaddr'],
  });
  const silenced = simulator.deviceProfiles()[0].devEui;
  const packets: Packet[] = [];
  while (simulator.now.getTime() < T0 + 5 * HOUR) {
    for (const message of simulator.next()) {
      if (message.retain) continue;
      if (message.devEui === silenced && message.at.getTime() > T0 + 2 * HOUR) continue;
      const outcome = parseChirpstackV3Message(message.topic, message.payload, {
        dataSourceId,
        organizationId: 1,
        receivedAt: message.at.toISOString(),
      });
      if (outcome.kind === 'packets') packets.push(...outcome.packets);
    }
  }
  return packets.filter((packet) => Date.parse(packet.date) < T0 + 5 * HOUR);
}

describe('what if, the data sources replayed on several threads', () => {
  let temp: TempSqliteFile;

  beforeAll(async () => {
    // Given three networks of one organisation whose frames were stored as they were heard, all mixed in one log
    temp = createTempSqliteFile('what-if-threads');
    const db = openDatabase(temp.file);
    const log = new SqlitePacketLog(db, { partitions: 3 });
    const store = new SqliteReadStore(db);
    store.collection(DATA_SOURCES);
    await store.commit(
      [1, 2, 3].map((dataSourceId) => ({
        op: 'upsert' as const,
        collection: DATA_SOURCES.name,
        doc: connectedDataSource({
          dataSourceId,
          organizationId: 1,
          name: `network ${dataSourceId}`,
          createdAt: at(T0),
        }),
      })),
    );
    const heard = [...recordedTraffic(1, 31), ...recordedTraffic(2, 32), ...recordedTraffic(3, 33)].sort(
      (a, b) => Date.parse(a.receivedAt) - Date.parse(b.receivedAt),
    );
    for (let index = 0; index < heard.length; index += 500) await log.append(heard.slice(index, index + 500));
    await log.close();
    await store.close();
    db.close();
  }, 120_000);

  afterAll(() => temp.remove());

  const task = (threads: number): WhatIfTask => ({
    databaseFile: temp.file,
    organizationId: 1,
    dataSourceId: null,
    policy: { name: 'Default', items: defaultPolicyItems() },
    from: at(T0 + HOUR),
    to: at(T0 + 5 * HOUR),
    threads,
  });

  it('raises the same alerts on two or three threads as on one', async () => {
    // When the default policy is tried on one thread, then with the data sources dealt to two and to three threads
    const alone = await runWhatIf(task(1));
    const two = await runWhatIf(task(2));
    const three = await runWhatIf(task(3));

    // Then the comparisons are the same, and they hold alerts of every data source, silences (LAF-401) included
    expect(two).toEqual(alone);
    expect(three).toEqual(alone);
    expect(new Set(alone.added.map((alert) => alert.data_collector_id))).toEqual(new Set([1, 2, 3]));
    const codes = new Set(alone.by_code.map((entry) => entry.code));
    expect(codes).toContain('LAF-401');
    expect(alone.packets).toBeGreaterThan(0);
  }, 240_000);
});

import { DATA_SOURCES } from '@lorawatch/domain/data-source.view';
import { DetectionRunner } from '@lorawatch/detection/detection-runner';
import { PolicyProvider } from '@lorawatch/detection/policy-provider';
import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { defaultPolicyItems } from '@lorawatch/domain/policy';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { parseChirpstackV3Message } from '@lorawatch/ingest/chirpstack-v3/parse-chirpstack-v3-message';
import { Metrics } from '@lorawatch/ops/metrics';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { POLICIES, type PolicyView } from '@lorawatch/policies/policy.view';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { connectedDataSource } from './testing/connected-data-source';
import { runWhatIf } from './what-if-run';

const T0 = Date.parse('2026-11-20T00:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (ms: number) => new Date(ms).toISOString();

/**
 * Real frames of a simulated ChirpStack v3 network, one of whose devices falls silent after 3 h, with replays, shared
 * session addresses and a gateway falling silent, as the collector of data source 1 stores them.
 */
function recordedTraffic(): Packet[] {
  const simulator = new NetworkSimulator({
    devices: 30,
    gateways: 3,
    seed: 21,
    startTime: new Date(T0),
    uplinkPeriodSeconds: 300,
    applicationEvents: true,
    attackIntervalSeconds: 3600,
    attacks: ['gateway-silence', 'uplink-replay', 'shared-devaddr'],
  });
  const silenced = simulator.deviceProfiles().find((device) => device.activation === 'otaa')?.devEui;
  const packets: Packet[] = [];
  while (simulator.now.getTime() < T0 + 8 * HOUR) {
    for (const message of simulator.next()) {
      if (message.retain) continue;
      if (message.devEui === silenced && message.at.getTime() > T0 + 3 * HOUR) continue;
      const outcome = parseChirpstackV3Message(message.topic, message.payload, {
        dataSourceId: 1,
        organizationId: 1,
        receivedAt: message.at.toISOString(),
      });
      if (outcome.kind === 'packets') packets.push(...outcome.packets);
    }
  }
  return packets.filter((packet) => Date.parse(packet.date) < T0 + 8 * HOUR);
}

describe('what if the policy in force is tried: the sandbox raises what the live runner raised', () => {
  let temp: TempSqliteFile;
  let db: Database;
  let events: SqliteEventStore;
  const traffic = recordedTraffic();
  const range = { from: at(T0 + 2 * HOUR), to: at(T0 + 7 * HOUR) };

  beforeAll(async () => {
    temp = createTempSqliteFile('what-if-event-time');
    db = openDatabase(temp.file);
    const log = new SqlitePacketLog(db, { partitions: 3 });
    events = new SqliteEventStore(db);
    const store = new SqliteReadStore(db);
    const policy: PolicyView = {
      id: '1',
      policyId: 1,
      organizationId: null,
      name: 'Default',
      isDefault: true,
      items: defaultPolicyItems(),
    };
    store.collection(POLICIES);
    store.collection(DATA_SOURCES);
    await store.commit([
      { op: 'upsert', collection: POLICIES.name, doc: policy },
      {
        op: 'upsert',
        collection: DATA_SOURCES.name,
        doc: connectedDataSource({
          dataSourceId: 1,
          organizationId: 1,
          name: 'network 1',
          createdAt: at(T0),
        }),
      },
    ]);
    // Given the traffic detected live as it was heard: each minute of the network's time appended and detected,
    // then a tick of the runner (its clock ticks every minute)
    const live = new DetectionRunner(log, events, store, new PolicyProvider(store), new Metrics(), {
      tickIntervalMs: 0,
    });
    live.start();
    const heard = [...traffic].sort((a, b) => Date.parse(a.receivedAt) - Date.parse(b.receivedAt));
    let tickAt = Date.parse(heard[0].receivedAt);
    let pending: Packet[] = [];
    for (const packet of heard) {
      while (Date.parse(packet.receivedAt) >= tickAt) {
        await log.append(pending);
        pending = [];
        await live.drained();
        await live.tick();
        tickAt += MINUTE;
      }
      pending.push(packet);
    }
    await log.append(pending);
    await live.drained();
    await live.tick();
    await live.stop();
    await store.close();
  }, 240_000);

  afterAll(() => {
    db.close();
    temp.remove();
  });

  const liveAlerts = async (): Promise<AlertDraft[]> =>
    (await events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => event.data as AlertDraft)
      .filter((alert) => alert.createdAt >= range.from && alert.createdAt <= range.to);

  it('compares equal, the silences (LAF-401) judged on the ticks of event time included', async () => {
    const raised = await liveAlerts();
    const codes = new Set(raised.map((alert) => alert.code));
    // The scenario exercises the clock detectors and the packet-driven ones
    expect(codes).toContain('LAF-401');
    expect(codes).toContain('LAF-004');
    expect(raised.length).toBeGreaterThan(100);

    // When the policy in force is tried over the range
    const result = await runWhatIf({
      databaseFile: temp.file,
      organizationId: 1,
      dataSourceId: null,
      policy: { name: 'Default', items: defaultPolicyItems() },
      ...range,
    });

    // Then every live alert of the range is raised again, with its id, and none is added
    expect(result.added).toEqual([]);
    expect(result.gone).toEqual([]);
    expect(result.unchanged).toBe(
      raised.filter((alert) => !['LAF-008', 'LAF-009'].includes(alert.code)).length,
    );
    const byCode = new Map(result.by_code.map((entry) => [entry.code, entry.unchanged]));
    expect(byCode.get('LAF-401')).toBe(raised.filter((alert) => alert.code === 'LAF-401').length);
  }, 120_000);
});

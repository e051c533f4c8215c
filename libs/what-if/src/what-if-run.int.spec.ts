import { spawnSync } from 'node:child_process';
import { connectedDataSource } from './testing/connected-data-source';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { DetectionRunner } from '@lorawatch/detection/detection-runner';
import { PolicyProvider } from '@lorawatch/detection/policy-provider';
import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { defaultPolicyItems, type PolicyItem } from '@lorawatch/domain/policy';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { parseChirpstackV3Message } from '@lorawatch/ingest/chirpstack-v3/parse-chirpstack-v3-message';
import { Metrics } from '@lorawatch/ops/metrics';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { POLICIES, type PolicyView } from '@lorawatch/policies/policy.view';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import type { AppConfig } from '@lorawatch/config/app-config';
import { systemClock } from '@lorawatch/platform/clock';
import { WhatIfService, type WhatIfJobJson, type WhatIfLimits } from './what-if.service';
import { runWhatIf, type WhatIfProgress, type WhatIfTask } from './what-if-run';

const T0 = Date.parse('2026-11-20T00:00:00.000Z');
const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();

/** Real frames of a simulated ChirpStack v3 network, as the collector of data source 1 stores them. */
function networkPackets(seed: number, devices: number, startMs: number, endMs: number): Packet[] {
  const simulator = new NetworkSimulator({ devices, gateways: 1, seed, startTime: new Date(startMs) });
  const packets: Packet[] = [];
  while (simulator.now.getTime() < endMs) {
    for (const message of simulator.next()) {
      if (message.retain) continue;
      const outcome = parseChirpstackV3Message(message.topic, message.payload, {
        dataSourceId: 1,
        organizationId: 1,
        receivedAt: message.at.toISOString(),
      });
      if (outcome.kind === 'packets') packets.push(...outcome.packets);
    }
  }
  return packets.filter((packet) => Date.parse(packet.date) < endMs);
}

const dataSource = (dataSourceId: number, organizationId: number): DataSourceView =>
  connectedDataSource({ dataSourceId, organizationId, name: `network ${dataSourceId}`, createdAt: at(T0) });

describe('what if a policy had been in force (sandbox replay of the stored packets)', () => {
  let temp: TempSqliteFile;
  let db: Database;
  let log: SqlitePacketLog;
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  // Given a network of six devices heard for five hours, and four new devices joining it in the fourth hour
  const known = networkPackets(5, 6, T0, T0 + 5 * HOUR);
  const newcomers = networkPackets(9, 4, T0 + 3 * HOUR, T0 + 5 * HOUR);
  const range = { from: at(T0 + 3 * HOUR), to: at(T0 + 4 * HOUR) };

  beforeAll(async () => {
    temp = createTempSqliteFile('what-if');
    db = openDatabase(temp.file);
    log = new SqlitePacketLog(db, { partitions: 2 });
    events = new SqliteEventStore(db);
    store = new SqliteReadStore(db);
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
      { op: 'upsert', collection: DATA_SOURCES.name, doc: dataSource(1, 1) },
      { op: 'upsert', collection: DATA_SOURCES.name, doc: dataSource(2, 2) },
    ]);
    // stored in the order they were heard, and detected by the live runner with the default policy
    const heard = [...known, ...newcomers].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
    for (let index = 0; index < heard.length; index += 500) await log.append(heard.slice(index, index + 500));
    const live = new DetectionRunner(log, events, store, new PolicyProvider(store), new Metrics(), {
      tickIntervalMs: 0,
    });
    live.start();
    await live.drained();
    await live.tick();
    await live.stop();
  }, 120_000);

  afterAll(() => {
    db.close();
    temp.remove();
  });

  const liveAlerts = async (code: string) =>
    (await events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => event.data as AlertDraft)
      .filter((alert) => alert.code === code)
      .filter((alert) => alert.createdAt >= range.from && alert.createdAt <= range.to);

  const task = (items: PolicyItem[], overrides: Partial<WhatIfTask> = {}): WhatIfTask => ({
    databaseFile: temp.file,
    organizationId: 1,
    dataSourceId: null,
    policy: { name: 'tried', items },
    ...range,
    ...overrides,
  });

  const withoutNewDevices = () =>
    defaultPolicyItems().map((item) =>
      item.alertTypeCode === 'LAF-400' ? { ...item, enabled: false } : item,
    );

  it('lists the new-device alerts as gone when LAF-400 is switched off, and nothing else changes', async () => {
    const newDevices = await liveAlerts('LAF-400');
    expect(newDevices.length).toBeGreaterThanOrEqual(4);
    const headBefore = await events.headPosition();
    const progress: WhatIfProgress[] = [];

    // When the default policy without LAF-400 is tried over the fourth hour
    const result = await runWhatIf(task(withoutNewDevices()), { onProgress: (p) => progress.push(p) });

    // Then exactly the live LAF-400 alerts of the range are gone, nothing is added, and the rest is unchanged
    expect(result.from).toBe(range.from);
    expect(result.to).toBe(range.to);
    expect(result.packets).toBeGreaterThan(0);
    expect(result.added).toEqual([]);
    expect(new Set(result.gone.map((alert) => alert.id))).toEqual(new Set(newDevices.map((a) => a.id)));
    expect(result.gone.every((alert) => alert.code === 'LAF-400' && alert.data_collector_id === 1)).toBe(
      true,
    );
    expect(result.gone[0]).toEqual({
      id: expect.any(String),
      code: 'LAF-400',
      created_at: expect.any(String),
      dev_eui: expect.stringMatching(/^[0-9a-f]{16}$/),
      gateway: expect.anything(),
      data_collector_id: 1,
    });
    const others = result.by_code.filter((entry) => entry.code !== 'LAF-400');
    expect(others.every((entry) => entry.added === 0 && entry.gone === 0)).toBe(true);
    expect(result.by_code.find((entry) => entry.code === 'LAF-400')).toEqual({
      code: 'LAF-400',
      added: 0,
      gone: newDevices.length,
      unchanged: 0,
    });
    expect(result.unchanged).toBe(others.reduce((sum, entry) => sum + entry.unchanged, 0));
    // And the devices known before the range are not new in it: the detectors were warmed with the earlier packets
    const newcomerEuis = new Set(newcomers.map((packet) => packet.devEui).filter((eui) => eui !== null));
    expect(result.gone.every((alert) => newcomerEuis.has(alert.dev_eui as string))).toBe(true);
    // And nothing was appended to the live store, and its scratch files are gone
    expect(await events.headPosition()).toBe(headBefore);
    const scratch = join(dirname(temp.file), 'what-if');
    expect(existsSync(scratch) ? readdirSync(scratch) : []).toEqual([]);
    // And the progress went from nothing to every record of the log
    expect(progress[0].packetsRead).toBe(0);
    const last = progress[progress.length - 1];
    expect(last.packetsRead).toBe(last.packetsTotal);
    expect(last.packetsTotal).toBe(known.length + newcomers.length);
  }, 60_000);

  it('changes nothing when the policy in force is tried', async () => {
    const result = await runWhatIf(task(defaultPolicyItems()));
    expect(result.added).toEqual([]);
    expect(result.gone).toEqual([]);
    expect(result.unchanged).toBeGreaterThanOrEqual(4);
    expect(result.by_code.map((entry) => entry.code)).toContain('LAF-400');
  }, 60_000);

  it('prints the comparison by alert type from the command line (npm run what-if)', async () => {
    const newDevices = await liveAlerts('LAF-400');
    // The Default policy (id 1) is stored with LAF-400 on: switch it off in the stored read model first
    const off: PolicyView = {
      id: '1',
      policyId: 1,
      organizationId: null,
      name: 'Default',
      isDefault: true,
      items: withoutNewDevices(),
    };
    await store.commit([{ op: 'upsert', collection: POLICIES.name, doc: off }]);
    const root = resolve(__dirname, '../../..');
    const run = (args: string[]) =>
      spawnSync(join(root, 'node_modules/.bin/tsx'), ['apps/tools/what-if.ts', ...args], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: dirname(temp.file) },
        timeout: 60_000,
      });
    const printed = run(['--policy', '1', '--from', range.from, '--to', range.to]);
    expect(printed.stderr).not.toMatch(/Error/);
    expect(printed.status).toBe(0);
    expect(printed.stdout).toContain(`0 alerts added, ${newDevices.length} gone`);
    expect(printed.stdout).toMatch(new RegExp(`LAF-400\\s+0\\s+${newDevices.length}\\s+0`));
    const json = run([
      '--policy',
      '1',
      '--data-source',
      '1',
      '--from',
      range.from,
      '--to',
      range.to,
      '--json',
    ]);
    expect(json.status).toBe(0);
    expect((JSON.parse(json.stdout) as { gone: unknown[] }).gone).toHaveLength(newDevices.length);
    expect(run(['--policy', '1', '--from', range.to, '--to', range.from]).status).toBe(2);
    expect(run(['--policy', '42', '--from', range.from, '--to', range.to]).stderr).toContain('no policy 42');
  }, 120_000);

  it('stops a run out of time or memory and reports it failed, the process going on', async () => {
    const config = {
      databaseFile: temp.file,
      dataDir: dirname(temp.file),
      engines: { eventStore: null, kafkaBrokers: [], mongodb: null },
    } as unknown as AppConfig;
    const ended = async (limits: Partial<WhatIfLimits>): Promise<WhatIfJobJson> => {
      const service = new WhatIfService(config, store, systemClock, limits);
      try {
        const { id } = await service.start(1, { policy_id: 1, ...range });
        for (;;) {
          const job = service.status(1, id);
          if (job.status !== 'running') return job;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      } finally {
        await service.onModuleDestroy();
      }
    };
    // A worker thread takes far longer than 2 ms to load the replay, whatever the machine's speed.
    expect(await ended({ timeoutMs: 2 })).toMatchObject({
      status: 'failed',
      error: 'The run took longer than 2 ms and was stopped',
    });
    const starved = await ended({ maxHeapMb: 8 });
    expect(starved).toMatchObject({
      status: 'failed',
      error: 'The run failed: it ran out of memory and was stopped',
    });
    expect(starved.result).toBeUndefined();
  }, 120_000);

  it('answers an empty comparison for a range without packets, and for another organisation', async () => {
    const empty = await runWhatIf(
      task(withoutNewDevices(), { from: at(T0 + 10 * HOUR), to: at(T0 + 11 * HOUR) }),
    );
    expect(empty).toEqual({
      from: at(T0 + 10 * HOUR),
      to: at(T0 + 11 * HOUR),
      packets: 0,
      by_code: [],
      added: [],
      gone: [],
      unchanged: 0,
    });
    const elsewhere = await runWhatIf(task(withoutNewDevices(), { organizationId: 2 }));
    expect(elsewhere).toMatchObject({ packets: 0, by_code: [], added: [], gone: [], unchanged: 0 });
  }, 60_000);
});

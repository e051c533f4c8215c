import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Counter, Gauge } from 'prom-client';
import { OrganizationAppKeys } from '@lorawatch/app-keys/projection/organization-app-keys';
import { packetFromPhy, secondsAfter } from '@lorawatch/detectors/testing/packet-factory';
import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { Metrics } from '@lorawatch/ops/metrics';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { KeyAuditRunner, type KeyAuditRunnerOptions } from '../key-audit-runner';
import { PolicyProvider } from '../policy-provider';
import { KEY_AUDIT_QUEUE } from './key-audit-queue';
import {
  ALWAYS_CRASH_PREFIX,
  attemptsOf,
  CRASH_ATTEMPTS_DIR,
  CRASH_ONCE_PREFIX,
} from './testing/crashing-key-search.worker';

const T0 = '2024-03-01T08:00:00.000Z';
const JOIN_EUI = '70b3d57ed0000001';
const weakKey = (devEui: string) => Buffer.from(JOIN_EUI + devEui, 'hex');
const devEuiOf = (n: number, prefix = '70b3d549') =>
  `${prefix}${n.toString(16).padStart(16 - prefix.length, '0')}`;

function joinRequest(devEui: string, appKey: Buffer, devNonce = 1, at = 0): Packet {
  const phy = buildJoinRequest({ appKey, joinEui: JOIN_EUI, devEui, devNonce });
  return packetFromPhy(phy, { date: secondsAfter(T0, at) });
}

/** `count` join requests of distinct devices; every `weakEvery`-th device has a guessable key. */
function joinRequestsOfDevices(count: number, weakEvery: number) {
  const packets: Packet[] = [];
  const weak: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const devEui = devEuiOf(n);
    const isWeak = n % weakEvery === 0;
    if (isWeak) weak.push(devEui);
    packets.push(joinRequest(devEui, isWeak ? weakKey(devEui) : randomBytes(16)));
  }
  return { packets, weak };
}

const valueOf = async (metric: Counter | Gauge) => (await metric.get()).values[0]?.value ?? 0;

/** The embedded engines on one SQLite file, opened again after a "restart" as the standalone server does. */
class Engines {
  readonly db: Database;
  readonly log: SqlitePacketLog;
  readonly events: SqliteEventStore;
  readonly store: SqliteReadStore;
  readonly metrics = new Metrics();

  constructor(file: string) {
    this.db = openDatabase(file);
    this.log = new SqlitePacketLog(this.db, { partitions: 2 });
    this.events = new SqliteEventStore(this.db);
    this.store = new SqliteReadStore(this.db);
  }

  runner(options: Partial<KeyAuditRunnerOptions> = {}): KeyAuditRunner {
    return new KeyAuditRunner({
      packets: this.log,
      events: this.events,
      store: this.store,
      policies: new PolicyProvider(this.store),
      organizationKeys: new OrganizationAppKeys(this.store),
      metrics: this.metrics,
      threads: 1,
      ...options,
    });
  }

  async raised(): Promise<AlertDraft[]> {
    const all = await this.events.readAll();
    return all.filter((event) => event.type === 'AlertRaised').map((event) => event.data as AlertDraft);
  }

  queued(): Promise<number> {
    return this.store.collection(KEY_AUDIT_QUEUE).count();
  }

  async close(): Promise<void> {
    await this.log.close();
    await this.events.close();
    await this.store.close();
    this.db.close();
  }
}

const laf008Devices = (alerts: AlertDraft[]) =>
  alerts
    .filter((alert) => alert.code === 'LAF-008')
    .map((alert) => alert.devEui)
    .sort();

/** The key audit with its searches on worker threads, on real SQLite engines. */
describe('key audit on a pool of worker threads', () => {
  let temp: TempSqliteFile;
  let engines: Engines;
  let runner: KeyAuditRunner;

  beforeEach(() => {
    temp = createTempSqliteFile('key-audit-pool');
    engines = new Engines(temp.file);
  });

  afterEach(async () => {
    await runner.stop();
    await engines.close();
    temp.remove();
  });

  it('keeps the event loop free while 50 devices are searched, and finds the weak keys', async () => {
    runner = engines.runner({ threads: undefined }); // the default pool size: one thread per core but one
    runner.start();
    const { packets, weak } = joinRequestsOfDevices(50, 10);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    const started = process.hrtime.bigint();
    delay.enable();
    await engines.log.append(packets);
    await runner.drained();
    delay.disable();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;

    expect(laf008Devices(await engines.raised())).toEqual(weak.sort());
    const { metrics } = engines;
    expect(await valueOf(metrics.keyAuditsDone)).toBe(50);
    expect(await valueOf(metrics.keyAuditQueueDepth)).toBe(0);
    const trials = await valueOf(metrics.keyAuditTrials);
    expect(trials).toBeGreaterThan(45 * 196_608); // the strong keys went through every family
    // The loop kept turning while the pool searched (searches on the main thread block it for the whole batch:
    // the histogram then records no sample at all).
    expect(delay.count).toBeGreaterThan(0);
    console.log(
      `50 join requests audited in ${seconds.toFixed(1)} s (${Math.round(trials / seconds)} trials/s); ` +
        `main event loop delay: max ${(delay.max / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms`,
    );
  }, 180_000);

  it('resumes its queue after a restart: each job done once, the same alerts', async () => {
    runner = engines.runner();
    runner.start();
    const { packets, weak } = joinRequestsOfDevices(12, 4);
    await engines.log.append(packets);
    await runner.enqueued();
    await runner.stop();
    const doneBefore = await valueOf(engines.metrics.keyAuditsDone);
    const left = await engines.queued();
    expect(left).toBeGreaterThan(0);
    expect(doneBefore + left).toBe(12);
    await engines.close();

    engines = new Engines(temp.file);
    runner = engines.runner();
    runner.start();
    await runner.drained();
    expect(doneBefore + (await valueOf(engines.metrics.keyAuditsDone))).toBe(12);
    expect(await engines.queued()).toBe(0);
    const alerts = await engines.raised();
    expect(alerts.map((alert) => alert.code)).toEqual(weak.map(() => 'LAF-008'));
    expect(laf008Devices(alerts)).toEqual(weak.sort());
    const states = await engines.store
      .collection<{ id: string; state: { lastFullSearch: { packetId: string } | null } }>({
        name: 'key_audit_state',
      })
      .find();
    expect(states.map((doc) => doc.state.lastFullSearch?.packetId).sort()).toEqual(
      packets.map((packet) => packet.id).sort(),
    );
  }, 120_000);

  it('when the queue is full, drops the oldest pending join requests of the device and counts them', async () => {
    runner = engines.runner({ queueLimit: 2 });
    runner.start();
    const devEui = devEuiOf(7);
    const joins = [1, 2, 3, 4, 5].map((nonce) => joinRequest(devEui, weakKey(devEui), nonce, nonce * 60));
    await engines.log.append(joins);
    await runner.drained();
    expect((await engines.raised()).map((alert) => [alert.code, alert.packet.id])).toEqual([
      ['LAF-008', joins[3].id],
      ['LAF-009', joins[4].id],
    ]);
    expect(await valueOf(engines.metrics.keyAuditsDropped)).toBe(3);
    expect(await valueOf(engines.metrics.keyAuditsDone)).toBe(2);
  });

  it('never hands a malformed join request to the pool', async () => {
    runner = engines.runner();
    runner.start();
    const good = joinRequest(devEuiOf(1), randomBytes(16));
    const frame = Buffer.from(good.data, 'base64');
    await engines.log.append([
      { ...good, id: 'truncated', data: frame.subarray(0, 20).toString('base64') },
      { ...good, id: 'no-nonce', devNonce: null },
    ]);
    await runner.drained();
    expect(await engines.queued()).toBe(0);
    expect(await valueOf(engines.metrics.keyAuditsDone)).toBe(0);
    expect(await valueOf(engines.metrics.keyAuditTrials)).toBe(0);
  });

  it("records a job whose audit throws twice as failed, and goes on with the device's next join request", async () => {
    runner = engines.runner();
    runner.start();
    const devEui = devEuiOf(9);
    const first = joinRequest(devEui, weakKey(devEui), 1, 0);
    // A date the audit cannot read: comparing it with the first join request's throws.
    const unreadable = { ...joinRequest(devEui, weakKey(devEui), 2, 60), date: 'not a date' };
    const third = joinRequest(devEui, weakKey(devEui), 3, 120);
    await engines.log.append([first, unreadable, third]);
    await runner.drained();
    expect((await engines.raised()).map((alert) => [alert.code, alert.packet.id])).toEqual([
      ['LAF-008', first.id],
      ['LAF-009', third.id],
    ]);
    expect(await valueOf(engines.metrics.keyAuditsFailed)).toBe(1);
    expect(await valueOf(engines.metrics.keyAuditsDone)).toBe(2);
    expect(await engines.queued()).toBe(0);
  }, 30_000);

  it('replaces a crashed thread and retries the job once, then records it as failed and moves on', async () => {
    const crashOnce = devEuiOf(1, CRASH_ONCE_PREFIX);
    const alwaysCrash = devEuiOf(2, ALWAYS_CRASH_PREFIX);
    const healthy = devEuiOf(3);
    for (const devEui of [crashOnce, alwaysCrash]) rmSync(join(CRASH_ATTEMPTS_DIR, devEui), { force: true });
    runner = engines.runner({
      workerFile: join(__dirname, 'testing', 'crashing-key-search.worker.ts'),
    });
    runner.start();
    await engines.log.append([
      joinRequest(crashOnce, weakKey(crashOnce)),
      joinRequest(alwaysCrash, weakKey(alwaysCrash)),
    ]);
    await runner.drained();
    // After both crashes, the pool still has a thread: a later device is searched as usual.
    await engines.log.append([joinRequest(healthy, weakKey(healthy))]);
    await runner.drained();

    expect(attemptsOf(crashOnce)).toBe(2);
    expect(attemptsOf(alwaysCrash)).toBe(2);
    expect(laf008Devices(await engines.raised())).toEqual([crashOnce, healthy].sort());
    const { metrics } = engines;
    expect(await valueOf(metrics.keyAuditsFailed)).toBe(1);
    expect(await valueOf(metrics.keyAuditsDone)).toBe(2);
    expect(await engines.queued()).toBe(0);
    const state = engines.store.collection({ name: 'key_audit_state' });
    expect(await state.get(`1:${alwaysCrash}`)).toBeNull();
    for (const devEui of [crashOnce, alwaysCrash]) rmSync(join(CRASH_ATTEMPTS_DIR, devEui), { force: true });
  }, 60_000);
});

import type { AlertDraft } from '@lorawatch/domain/alert';
import { PolicyView as PolicyRules } from '@lorawatch/domain/policy';
import { runDetection } from '@lorawatch/detectors/testing/detection-harness';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { Metrics } from '@lorawatch/ops/metrics';
import { SET_ASIDE_RECORDS } from '@lorawatch/ops/set-aside-records';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { CheckpointFencedError, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ReplicaStore } from '@lorawatch/read-store/testing/replica-store';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { DETECTOR_GROUP, DetectionRunner, detectorCheckpoint } from './detection-runner';
import { readDataSourceWatermark } from './event-time-watermark';
import { PolicyProvider } from './policy-provider';
import { simulatedPackets } from './testing/simulated-packets';

const CHECKPOINT = detectorCheckpoint(0);

/**
 * Two detector replicas on the same partition: A commits a batch, reads the next one and stalls before its commit
 * (past its session: B takes the partition over from the committed offset and detects to the end of the log). When
 * A resumes, its commit is fenced: nothing of it is written, the checkpoint never goes back, A drops what it cached
 * and reads on from the stored checkpoint, and every alert is raised once, exactly as one runner would raise them.
 */
describe('a detector replica that stalls past its session', () => {
  let temp: TempSqliteFile;
  let db: Database;
  let log: SqlitePacketLog;
  let events: SqliteEventStore;
  let store: SqliteReadStore;

  beforeEach(() => {
    temp = createTempSqliteFile('detection-fencing');
    db = openDatabase(temp.file);
    log = new SqlitePacketLog(db, { partitions: 1, pollIntervalMs: 20 });
    events = new SqliteEventStore(db);
    store = new SqliteReadStore(db);
  });
  afterEach(async () => {
    await log.close();
    await events.close();
    await store.close();
    db.close();
    temp.remove();
  });

  const replica = (replicaStore: ReadStore, metrics: Metrics, cacheState: boolean) =>
    new DetectionRunner(log, events, replicaStore, new PolicyProvider(replicaStore), metrics, {
      tickIntervalMs: 0,
      cacheState,
      restart: { initialDelayMs: 50, maxDelayMs: 200, poisonAttempts: 1 },
    });

  it('is fenced when it resumes: no checkpoint regression, no alert twice, and it reads on from the stored one', async () => {
    const packets = simulatedPackets({ devices: 10, seed: 19, atLeast: 900 }).slice(0, 900);
    const [early, late] = [packets.slice(0, 600), packets.slice(600)];
    await log.append(early);
    const seen: number[] = [];
    const storeA = new ReplicaStore(store, CHECKPOINT, seen, { stallAt: 2 });
    const metricsA = new Metrics();
    const metricsB = new Metrics();
    // A keeps its state in memory between batches: what it cached before the stall must not outlive the fence.
    const a = replica(storeA, metricsA, true);
    const b = replica(new ReplicaStore(store, CHECKPOINT, seen), metricsB, false);

    a.start();
    await until(async () => (await store.checkpoint(CHECKPOINT)) > 0);
    const stalledAt = await store.checkpoint(CHECKPOINT);
    expect(stalledAt).toBeLessThan(early.length);

    b.start();
    await b.drained();
    expect(await store.checkpoint(CHECKPOINT)).toBe(early.length);
    storeA.resume();
    expect(await storeA.stalled).toBeInstanceOf(CheckpointFencedError);
    expect(await store.checkpoint(CHECKPOINT)).toBe(early.length);
    await b.stop();

    // A alone from here: it reads the partition on from the stored checkpoint, not from where it stalled.
    await log.append(late);
    await a.drained();
    await a.stop();

    expect(seen.length).toBeGreaterThan(3);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(await store.checkpoint(CHECKPOINT)).toBe(packets.length);

    const raised = (await events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => (event.data as AlertDraft).id);
    const expected = runDetection(packets, new PolicyRules([])).alerts.map((alert) => alert.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(new Set(raised).size).toBe(raised.length);
    expect(new Set(raised)).toEqual(new Set(expected));

    // Counted as fenced, not as a failure of the packets: nothing set aside, never reported down.
    expect(await metricsA.registry.getSingleMetricAsString('lorawatch_checkpoint_fenced_total')).toContain(
      `lorawatch_checkpoint_fenced_total{consumer="${DETECTOR_GROUP}"} 1`,
    );
    for (const name of ['lorawatch_poison_records_total', 'lorawatch_consumer_down'])
      expect(await metricsA.registry.getSingleMetricAsString(name)).not.toContain(
        `group="${DETECTOR_GROUP}"`,
      );
    expect(
      await metricsB.registry.getSingleMetricAsString('lorawatch_checkpoint_fenced_total'),
    ).not.toContain('consumer=');
    expect(await store.collection(SET_ASIDE_RECORDS).count()).toBe(0);
  });

  /**
   * A tick reads the stored event times and states, then stalls before its commit while another replica detects on
   * and ticks itself. Unfenced, the stalled tick would write the older watermark (and whatever state it judged) over
   * the newer one; fenced on the partition checkpoint it read, nothing of it is written.
   */
  it('fences a tick that stalls while another replica moves its partition on', async () => {
    const packets = simulatedPackets({ devices: 10, seed: 19, atLeast: 900 }).slice(0, 900);
    const [early, late] = [packets.slice(0, 600), packets.slice(600)];
    await log.append(early);
    const first = replica(store, new Metrics(), false);
    first.start();
    await first.drained();
    await first.stop();

    const seen: number[] = [];
    const storeA = new ReplicaStore(store, CHECKPOINT, seen, { stallAt: 1 });
    const metricsA = new Metrics();
    const a = replica(storeA, metricsA, false);
    const ticking = a.tick();
    await storeA.holding;

    const b = replica(new ReplicaStore(store, CHECKPOINT, seen), new Metrics(), false);
    await log.append(late);
    b.start();
    await b.drained();
    await b.tick();
    await b.stop();
    const newer = await readDataSourceWatermark(store, 1);
    expect(newer).not.toBeNull();

    storeA.resume();
    expect(await storeA.stalled).toBeInstanceOf(CheckpointFencedError);
    await ticking;
    expect(await readDataSourceWatermark(store, 1)).toEqual(newer);
    expect(await store.checkpoint(CHECKPOINT)).toBe(packets.length);
    expect(await metricsA.registry.getSingleMetricAsString('lorawatch_checkpoint_fenced_total')).toContain(
      `lorawatch_checkpoint_fenced_total{consumer="${DETECTOR_GROUP}"} 1`,
    );
    await a.stop();
  });
});

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

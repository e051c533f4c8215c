import type { AlertDraft } from '@lorawatch/domain/alert';
import { IssueEventTypes } from '@lorawatch/domain/issue.events';
import type { Packet } from '@lorawatch/domain/packet';
import { PolicyView as PolicyRules } from '@lorawatch/domain/policy';
import type { IssueClearance } from '@lorawatch/detectors/detect';
import { runDetection } from '@lorawatch/detectors/testing/detection-harness';
import type { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { createChirpstackV3Parser } from '@lorawatch/ingest/chirpstack-v3/chirpstack-v3-parser';
import { Metrics } from '@lorawatch/ops/metrics';
import { SET_ASIDE_RECORDS } from '@lorawatch/ops/set-aside-records';
import type { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import type { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { CheckpointFencedError, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ReplicaStore } from '@lorawatch/read-store/testing/replica-store';
import { NetworkSimulator } from '@lorawatch/simulator/network-simulator';
import { DETECTION_OUTBOX, type OutboxDoc } from './detection-outbox';
import { DETECTOR_GROUP, DetectionRunner, detectorCheckpoint } from './detection-runner';
import { readDataSourceWatermark } from './event-time-watermark';
import { PolicyProvider } from './policy-provider';
import { PausingStore } from './testing/pausing-store';
import { simulatedPackets } from './testing/simulated-packets';
import { sqliteStoresForEachTest } from './testing/sqlite-stores';

const CHECKPOINT = detectorCheckpoint(0);

/**
 * Two detector replicas on the same partition: A commits a batch, reads the next one and stalls before its commit
 * (past its session: B takes the partition over from the committed offset and detects to the end of the log). When
 * A resumes, its commit is fenced: nothing of it is written, the checkpoint never goes back, A drops what it cached
 * and reads on from the stored checkpoint, and every alert is raised once, exactly as one runner would raise them.
 */
describe('a detector replica that stalls past its session', () => {
  const stores = sqliteStoresForEachTest('detection-fencing', 1);
  let log: SqlitePacketLog;
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  beforeEach(() => {
    ({ log, events, store } = stores);
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
  const raisedIds = async (): Promise<string[]> =>
    (await events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => (event.data as AlertDraft).id);
  const fencedCount = async (metrics: Metrics): Promise<string> =>
    metrics.registry.getSingleMetricAsString('lorawatch_checkpoint_fenced_total');

  /**
   * A replica reads its checkpoint and pauses before it reads the states (past its session): B detects the same
   * packets and moves the partition on. A resumes and judges those packets again on the states B left, which raises
   * alerts no single runner would (frames it has already seen, a second time). Its commit is fenced, and since its
   * alerts wait in the outbox of that commit, none of them reaches the event store.
   */
  it('appends nothing of a batch judged on states another replica moved on', async () => {
    const packets = simulatedPackets({ devices: 10, seed: 19, atLeast: 900 }).slice(0, 900);
    const [early, late] = [packets.slice(0, 600), packets.slice(600)];
    await log.append(early);
    const storeA = new PausingStore(store);
    const metricsA = new Metrics();
    const a = replica(storeA, metricsA, false);
    a.start();
    await a.drained();
    expect(await store.checkpoint(CHECKPOINT)).toBe(early.length);
    const pause = storeA.pauseAfterReading(CHECKPOINT);
    await log.append(late);
    await pause.holding;

    const b = replica(store, new Metrics(), false);
    b.start();
    await b.drained();
    await b.stop();
    expect(await store.checkpoint(CHECKPOINT)).toBe(packets.length);
    const recorded = await raisedIds();

    pause.resume();
    await until(async () => (await fencedCount(metricsA)).includes(`consumer="${DETECTOR_GROUP}"} 1`));
    await a.drained();
    await a.stop();

    expect(await raisedIds()).toEqual(recorded);
    const expected = runDetection(packets, new PolicyRules([])).alerts.map((alert) => alert.id);
    expect(new Set(recorded)).toEqual(new Set(expected));
    expect(recorded).toHaveLength(expected.length);
    expect(await store.collection(DETECTION_OUTBOX).count()).toBe(0);
    expect(await store.checkpoint(CHECKPOINT)).toBe(packets.length);
  });

  /**
   * The packets of deviceBackAfterSilence before its split detected by a first replica, and replica A, which keeps no
   * state in memory, on a store whose next commit of the partition is held (`pause`).
   */
  const silenceDetected = async () => {
    const { packets, silenced, split } = deviceBackAfterSilence();
    await log.append(packets.filter((packet) => Date.parse(packet.date) < split));
    const first = replica(store, new Metrics(), false);
    first.start();
    await first.drained();
    await first.stop();
    const late = packets.filter((packet) => Date.parse(packet.date) >= split);
    const storeA = new PausingStore(store);
    const metricsA = new Metrics();
    const a = replica(storeA, metricsA, false);
    return { packets, silenced, late, storeA, metricsA, a, pause: storeA.pauseCommit(CHECKPOINT) };
  };

  /**
   * A tick judges a device silent at the watermark it read (the device sent nothing for an hour), then stalls before
   * its commit while B detects the packets that follow (the device is back) and ticks itself. The stalled tick's
   * LAF-401 is in its commit's outbox; fenced, that commit writes nothing and the alert is never appended.
   */
  it('appends nothing of a tick whose commit is fenced', async () => {
    const { silenced, late, storeA, metricsA, a, pause } = await silenceDetected();
    const ticking = a.tick();
    await pause.holding;
    const judged = storeA.held
      .filter((op) => op.op === 'upsert' && op.collection === DETECTION_OUTBOX.name)
      .map((op) => (op.op === 'upsert' ? (op.doc as OutboxDoc).entry : null));
    expect(judged).toContainEqual({
      kind: 'alert',
      alert: expect.objectContaining({ code: 'LAF-401', devEui: silenced }),
    });

    const b = replica(store, new Metrics(), false);
    await log.append(late);
    b.start();
    await b.drained();
    await b.tick();
    await b.stop();
    const newer = await readDataSourceWatermark(store, 1);

    pause.resume();
    await ticking;
    expect(await fencedCount(metricsA)).toContain(`consumer="${DETECTOR_GROUP}"} 1`);
    await a.stop();
    const silences = (await events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => event.data as AlertDraft)
      .filter((alert) => alert.code === 'LAF-401');
    expect(silences).toEqual([]);
    expect(await readDataSourceWatermark(store, 1)).toEqual(newer);
    expect(await store.collection(DETECTION_OUTBOX).count()).toBe(0);
  });

  /**
   * A batch reads the states of its partition, judges the packets after a device's silence and stalls before its
   * commit; meanwhile another replica's tick judges that device silent at the older watermark (LAF-401) and commits:
   * no batch has moved the partition's offset, so only the partition's judged counter tells the two apart. Unfenced,
   * the batch would write the device's state as it read it (never disconnected) over the tick's, and the device's
   * return would never clear the alert. Fenced, the batch is read again on the tick's state and clears it.
   */
  it("fences a batch judged on states another replica's tick changed since", async () => {
    const { packets, silenced, late, metricsA, a, pause } = await silenceDetected();
    a.start();
    await log.append(late);
    await pause.holding;

    const b = replica(store, new Metrics(), false);
    await b.tick();
    await b.stop();
    const silences = (await events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => event.data as AlertDraft)
      .filter((alert) => alert.code === 'LAF-401' && alert.devEui === silenced);
    expect(silences).toHaveLength(1);

    pause.resume();
    await until(async () => (await fencedCount(metricsA)).includes(`consumer="${DETECTOR_GROUP}"} 1`));
    await a.drained();
    await a.stop();
    expect(await store.checkpoint(CHECKPOINT)).toBe(packets.length);
    const cleared = (await events.readAll())
      .filter((event) => event.type === IssueEventTypes.ConditionCleared)
      .map((event) => event.data as IssueClearance)
      .filter((clearance) => clearance.code === 'LAF-401');
    expect(cleared).toEqual([
      expect.objectContaining({ asset: expect.objectContaining({ devEui: silenced }) }),
    ]);
    expect(await store.collection(DETECTION_OUTBOX).count()).toBe(0);
  });
});

/**
 * Three hours of a six-device network (real frames, application events naming every frame's device) in which one
 * device sends nothing from the first hour to the middle of the third; `split` (two hours in) falls in its silence.
 */
function deviceBackAfterSilence(): { packets: Packet[]; silenced: string; split: number } {
  const HOUR = 3_600_000;
  const simulator = new NetworkSimulator({ devices: 6, gateways: 1, seed: 23, applicationEvents: true });
  const start = simulator.startTime.getTime();
  const silenced = simulator.deviceProfiles().find((device) => device.activation === 'otaa')?.devEui;
  if (silenced === undefined) throw new Error('no OTAA device simulated');
  const parse = createChirpstackV3Parser();
  const packets: Packet[] = [];
  for (;;) {
    const messages = simulator.next().filter((message) => !message.retain);
    if (messages.length > 0 && messages[0].at.getTime() > start + 3 * HOUR) break;
    for (const message of messages) {
      const at = message.at.getTime();
      if (message.devEui === silenced && at >= start + HOUR && at < start + 2.5 * HOUR) continue;
      const outcome = parse(message.topic, message.payload, {
        dataSourceId: 1,
        organizationId: 1,
        receivedAt: message.at.toISOString(),
      });
      if (outcome.kind === 'packets') packets.push(...outcome.packets);
    }
  }
  return { packets, silenced, split: start + 2 * HOUR };
}

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

import type { AlertDraft } from '@lorawatch/domain/alert';
import { packetKey, type Packet } from '@lorawatch/domain/packet';
import { foldGatewayPackets, type GatewayDetectionState } from '@lorawatch/detectors/detect';
import { gatewayStateKey } from '@lorawatch/detectors/state-keys';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { Metrics } from '@lorawatch/ops/metrics';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { DETECTION_OUTBOX } from './detection-outbox';
import { DETECTOR_GROUP, DetectionRunner, detectorCheckpoint } from './detection-runner';
import { DETECTOR_STATE, type StateDoc } from './event-time-watermark';
import { GATEWAY_PENDING, homePartition } from './gateway-packets';
import { PolicyProvider } from './policy-provider';
import { PausingStore } from './testing/pausing-store';
import { simulatedPackets } from './testing/simulated-packets';

/**
 * Two replicas that both believe they hold a gateway's home partition (a rebalance: the old owner stalled past its
 * session, the new one took the partition over) while no batch moves that partition's checkpoint: the packets the
 * gateway relayed through the other partition wait in `gateway_pending`. The old owner folds them (at its fold timer
 * or its tick) and stalls before its commit; the new owner folds the same packets (fold, tick, or a batch that folds)
 * and commits. The stale commit read the same pending documents and the same gateway state: it must be fenced,
 * write nothing and append nothing, so the gateway's packets are folded once.
 */
describe('commits that judge the same partition fence each other', () => {
  let temp: TempSqliteFile;
  let db: Database;
  let log: SqlitePacketLog;
  let events: SqliteEventStore;
  let store: SqliteReadStore;

  beforeEach(() => {
    temp = createTempSqliteFile('detection-judged-fencing');
    db = openDatabase(temp.file);
    log = new SqlitePacketLog(db, { partitions: 2, pollIntervalMs: 20 });
    events = new SqliteEventStore(db);
    store = new SqliteReadStore(db);
  });
  afterEach(async () => {
    // A test that failed before letting the stalled replica go on.
    resume();
    for (const runner of runners.splice(0)) await runner.stop();
    await log.close();
    await events.close();
    await store.close();
    db.close();
    temp.remove();
  });

  let resume: () => void = () => undefined;
  const runners: DetectionRunner[] = [];
  /** Batches fold as far as every partition has come at once, not only once the whole log is detected. */
  const replica = (replicaStore: ReadStore, partitions: number[], metrics = new Metrics()) => {
    const runner = new DetectionRunner(log, events, replicaStore, new PolicyProvider(replicaStore), metrics, {
      partitions,
      tickIntervalMs: 0,
      foldIntervalMs: 0,
      cacheState: false,
      gatewayFoldEvery: 1,
    });
    runners.push(runner);
    return runner;
  };

  /**
   * The packets of one partition relayed by a gateway whose home partition is the other one (more than the 16 recent
   * packet ids a gateway remembers, so a second fold of them cannot pass for duplicates), and some packets of the
   * home partition itself.
   */
  function awayFromHome(): {
    away: Packet[];
    atHome: Packet[];
    gatewayKey: string;
    gateway: string;
    home: number;
  } {
    const all = simulatedPackets({ devices: 10, seed: 19, atLeast: 600 });
    for (const partition of [0, 1]) {
      const mine = all.filter((packet) => log.partitionFor(packetKey(packet)) === partition);
      const away = mine.find(
        (packet) => homePartition(`gateway:${gatewayStateKey(packet)}`, 2) !== partition,
      );
      if (!away?.gateway) continue;
      const relayed = mine.filter((packet) => packet.gateway === away.gateway);
      if (relayed.length <= 40) continue;
      return {
        away: relayed,
        atHome: all.filter((packet) => log.partitionFor(packetKey(packet)) !== partition).slice(0, 5),
        gatewayKey: `gateway:${gatewayStateKey(away)}`,
        gateway: away.gateway,
        home: 1 - partition,
      };
    }
    throw new Error('no gateway relays enough packets away from its home partition');
  }

  const gatewayState = async (gatewayKey: string): Promise<GatewayDetectionState | undefined> =>
    (await store.collection<StateDoc<GatewayDetectionState>>(DETECTOR_STATE).get(gatewayKey))?.state;
  const newGatewayAlerts = async (): Promise<AlertDraft[]> =>
    (await events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => event.data as AlertDraft)
      .filter((alert) => alert.code === 'LAF-402');
  const fencedCount = async (metrics: Metrics): Promise<string> =>
    metrics.registry.getSingleMetricAsString('lorawatch_checkpoint_fenced_total');

  /** The gateway's totals as one fold of every packet it relayed gives them. */
  const foldedOnce = async (packets: Packet[]): Promise<GatewayDetectionState['statistics']['totals']> => {
    const { gateway } = foldGatewayPackets({
      gateway: undefined,
      packets,
      policy: await new PolicyProvider(store).forDataSource(1),
    });
    if (gateway === undefined) throw new Error('nothing folded');
    return gateway.statistics.totals;
  };

  /**
   * A replica that keeps state in memory (`cacheState`) folds a gateway's packets, another replica folds the next ones,
   * and the first folds the ones after: it must not fold them on the state it cached before the other's fold.
   */
  it('drops what it cached when another replica judged the partition since', async () => {
    const { away, gatewayKey, home } = awayFromHome();
    const thirds = [away.slice(0, 15), away.slice(15, 30), away.slice(30)];
    const other = replica(store, [1 - home]);
    const caching = new DetectionRunner(log, events, store, new PolicyProvider(store), new Metrics(), {
      partitions: [home],
      tickIntervalMs: 0,
      foldIntervalMs: 0,
    });
    const b = replica(store, [home]);
    other.start();
    const leaveWaiting = async (packets: Packet[]) => {
      await log.append(packets);
      await other.drained();
      expect(await store.collection(GATEWAY_PENDING).count()).toBeGreaterThan(0);
    };
    await leaveWaiting(thirds[0]);
    await caching.fold();
    await leaveWaiting(thirds[1]);
    await b.fold();
    await leaveWaiting(thirds[2]);
    await caching.fold();
    await other.stop();
    await caching.stop();
    expect(await store.collection(GATEWAY_PENDING).count()).toBe(0);
    expect((await gatewayState(gatewayKey))?.statistics.totals).toEqual(await foldedOnce(away));
  });

  const cases = (['fold', 'tick', 'batch'] as const).flatMap((old) =>
    (['fold', 'tick', 'batch'] as const).map((now) => [old, now] as const),
  );

  it.each(cases)(
    "the old owner's %s, stalled at its commit, is fenced by the new owner's %s",
    async (old, now) => {
      const { away, atHome, gatewayKey, gateway, home } = awayFromHome();
      // A stale batch folds the second half of the gateway's packets with the first, left waiting before.
      const [first, second] = old === 'batch' ? halves(away) : [away, []];
      // The other partition's replica detects the gateway's packets and leaves them waiting for the home partition.
      const other = replica(store, [1 - home]);
      other.start();
      await log.append(first);
      await other.drained();
      await other.stop();
      expect(await store.collection(GATEWAY_PENDING).count()).toBeGreaterThan(0);
      expect(await gatewayState(gatewayKey)).toBeUndefined();

      // The old owner of the home partition folds them and stalls before its commit: at its fold timer or tick
      // (holding the home partition), or in a batch of the other partition (holding both, before the rebalance).
      const storeA = new PausingStore(store);
      const metricsA = new Metrics();
      let judging: Promise<void> = Promise.resolve();
      let a: DetectionRunner;
      if (old === 'batch') {
        a = replica(storeA, [0, 1], metricsA);
        const pause = storeA.pauseCommit(detectorCheckpoint(1 - home));
        a.start();
        await log.append(second);
        await pause.holding;
        resume = () => pause.resume();
      } else {
        a = replica(storeA, [home], metricsA);
        const pause = storeA.pauseCommit(detectorCheckpoint(home));
        judging = old === 'fold' ? a.fold() : a.tick();
        await pause.holding;
        resume = () => pause.resume();
      }
      expect(storeA.held.some((op) => op.op === 'delete' && op.collection === GATEWAY_PENDING.name)).toBe(
        true,
      );

      // The new owner folds the same packets: at its fold timer, at its tick, or in a batch of the home partition
      // after which the whole log is detected.
      const b = replica(store, [home]);
      if (now === 'fold') await b.fold();
      else if (now === 'tick') await b.tick();
      else {
        b.start();
        await log.append(atHome);
        await b.drained();
        expect(await store.checkpoint(detectorCheckpoint(home))).toBe(atHome.length);
      }
      await b.stop();
      // (With a partition still behind, B folds as far as the others have come; the stale batch read them all.)
      if (old !== 'batch') expect(await store.collection(GATEWAY_PENDING).count()).toBe(0);
      const folded = await gatewayState(gatewayKey);
      expect(folded).toBeDefined();
      const recorded = await events.readAll();
      const checkpoints = await Promise.all([0, 1].map((p) => store.checkpoint(detectorCheckpoint(p))));

      // The old owner resumes: fenced, it writes nothing and appends nothing.
      resume();
      await judging;
      await until(async () => (await fencedCount(metricsA)).includes(`consumer="${DETECTOR_GROUP}"} 1`));
      if (old === 'batch') {
        // Read again from the stored checkpoint, the batch folds its own packets only, on the state B left.
        await a.drained();
        await a.stop();
      } else {
        await a.stop();
        expect(await gatewayState(gatewayKey)).toEqual(folded);
        expect(await events.readAll()).toEqual(recorded);
        expect(await Promise.all([0, 1].map((p) => store.checkpoint(detectorCheckpoint(p))))).toEqual(
          checkpoints,
        );
      }
      expect(await store.collection(DETECTION_OUTBOX).count()).toBe(0);
      expect(await store.collection(GATEWAY_PENDING).count()).toBe(0);
      const relayed = [...away, ...atHome.filter((packet) => now === 'batch' && packet.gateway === gateway)];
      expect((await gatewayState(gatewayKey))?.statistics.totals).toEqual(await foldedOnce(relayed));
      expect((await newGatewayAlerts()).filter((alert) => alert.gateway === gateway)).toHaveLength(1);
    },
  );
});

/** The packets in two halves, in append order. */
function halves(packets: Packet[]): [Packet[], Packet[]] {
  const middle = Math.floor(packets.length / 2);
  return [packets.slice(0, middle), packets.slice(middle)];
}

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

import { packetFromPhy, secondsAfter } from '@lorawatch/detectors/testing/packet-factory';
import { buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { Metrics } from '@lorawatch/ops/metrics';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { CheckpointFencedError } from '@lorawatch/read-store/read-store.port';
import { ReplicaStore } from '@lorawatch/read-store/testing/replica-store';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { TrafficCounters } from './traffic-counters';
import { TRAFFIC_GROUP, trafficCheckpoint } from './traffic.view';
import { TRAFFIC_HOURS, type TrafficHour } from './traffic.view';

const T0 = '2024-03-01T08:00:00.000Z';
const CHECKPOINT = trafficCheckpoint(0);
const clock = { now: () => new Date('2024-03-02T00:00:00.000Z') };

const joins = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const devEui = `70b3d5499000${n.toString(16).padStart(4, '0')}`;
    const phy = buildJoinRequest({
      appKey: Buffer.alloc(16, n),
      joinEui: '70b3d57ed0000001',
      devEui,
      devNonce: n,
    });
    return packetFromPhy(phy, { date: secondsAfter(T0, n) });
  });

/**
 * Two instances of the traffic counters on one partition (a rolling deploy, or one paused past its session): the
 * stalled one's commit is fenced when it resumes, so no packet is counted twice and the checkpoint never goes back.
 */
describe('traffic counters that stall past their session', () => {
  let temp: TempSqliteFile;
  let db: Database;
  let log: SqlitePacketLog;
  let store: SqliteReadStore;

  beforeEach(() => {
    temp = createTempSqliteFile('traffic-fencing');
    db = openDatabase(temp.file);
    log = new SqlitePacketLog(db, { partitions: 1, pollIntervalMs: 20 });
    store = new SqliteReadStore(db);
  });
  afterEach(async () => {
    await log.close();
    await store.close();
    db.close();
    temp.remove();
  });

  it('counts every packet once, fenced when it resumes', async () => {
    const seen: number[] = [];
    const storeA = new ReplicaStore(store, CHECKPOINT, seen, { stallAt: 2 });
    const metricsA = new Metrics();
    const a = new TrafficCounters(log, storeA, clock, { health: metricsA.consumers });
    const b = new TrafficCounters(log, new ReplicaStore(store, CHECKPOINT, seen), clock);
    try {
      a.start();
      await log.append(joins(1, 5));
      await a.drained();
      await log.append(joins(6, 5));
      await storeA.holding;

      b.start();
      await b.drained();
      expect(await store.checkpoint(CHECKPOINT)).toBe(10);
      storeA.resume();
      expect(await storeA.stalled).toBeInstanceOf(CheckpointFencedError);
      await b.stop();

      await log.append(joins(11, 5));
      await a.drained();
    } finally {
      await a.stop();
      await b.stop();
    }

    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(await store.checkpoint(CHECKPOINT)).toBe(15);
    const hours = await store.collection<TrafficHour>(TRAFFIC_HOURS).find({});
    expect(hours.reduce((sum, hour) => sum + hour.packets, 0)).toBe(15);
    expect(await metricsA.registry.getSingleMetricAsString('lorawatch_checkpoint_fenced_total')).toContain(
      `lorawatch_checkpoint_fenced_total{consumer="${TRAFFIC_GROUP}"} 1`,
    );
  });
});

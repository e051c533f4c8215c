import type { AlertDraft } from '@lorawatch/domain/alert';
import { packetKey, type Packet } from '@lorawatch/domain/packet';
import { gatewayStateKey } from '@lorawatch/detectors/state-keys';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { Metrics } from '@lorawatch/ops/metrics';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { DETECTION_OUTBOX } from './detection-outbox';
import { DetectionRunner } from './detection-runner';
import { GATEWAY_PENDING, homePartition } from './gateway-packets';
import { PolicyProvider } from './policy-provider';
import { simulatedPackets } from './testing/simulated-packets';
import { sqliteStoresForEachTest } from './testing/sqlite-stores';

/**
 * Two replicas, each holding one of two partitions. The packets of a gateway all come through the partition of one
 * replica, while the gateway's home partition (where its state is folded) is the other's, which detects nothing.
 * The replica detecting them leaves them waiting; the gateway's new-gateway alert (LAF-402) comes from the home
 * replica's fold, at once with the fold timer, only at its next tick without it, and is the same alert either way.
 */
describe('the fold of a replica holding part of the partitions', () => {
  const stores = sqliteStoresForEachTest('detection-fold', 2);
  let log: SqlitePacketLog;
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  beforeEach(() => {
    ({ log, events, store } = stores);
  });

  const replica = (partition: number, foldIntervalMs: number) =>
    new DetectionRunner(log, events, store, new PolicyProvider(store), new Metrics(), {
      partitions: [partition],
      tickIntervalMs: 0,
      foldIntervalMs,
      cacheState: false,
    });
  const newGateways = async (gateway: string): Promise<AlertDraft[]> =>
    (await events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => event.data as AlertDraft)
      .filter((alert) => alert.code === 'LAF-402' && alert.gateway === gateway);

  /** The packets of one partition relayed by a gateway whose home partition is the other one. */
  function awayFromHome(): { packets: Packet[]; gateway: string; home: number } {
    const all = simulatedPackets({ devices: 10, seed: 19, atLeast: 600 });
    for (const partition of [0, 1]) {
      const mine = all.filter((packet) => log.partitionFor(packetKey(packet)) === partition);
      const away = mine.find(
        (packet) => homePartition(`gateway:${gatewayStateKey(packet)}`, 2) !== partition,
      );
      if (away?.gateway)
        return {
          packets: mine.filter((packet) => packet.gateway === away.gateway),
          gateway: away.gateway,
          home: 1 - partition,
        };
    }
    throw new Error('every gateway is homed where its packets are');
  }

  it('folds what the other replica left waiting at its fold timer, without a tick', async () => {
    const { packets, gateway, home } = awayFromHome();
    const homeReplica = replica(home, 50);
    const other = replica(1 - home, 0);
    homeReplica.start();
    other.start();
    await log.append(packets);
    await other.drained();
    await until(async () => (await newGateways(gateway)).length > 0);
    await homeReplica.stop();
    await other.stop();
    expect(await newGateways(gateway)).toHaveLength(1);
    expect(await store.collection(GATEWAY_PENDING).count()).toBe(0);
    expect(await store.collection(DETECTION_OUTBOX).count()).toBe(0);
  });

  it('leaves them waiting for the tick without it, which raises the same alert', async () => {
    const { packets, gateway, home } = awayFromHome();
    const homeReplica = replica(home, 0);
    const other = replica(1 - home, 0);
    homeReplica.start();
    other.start();
    await log.append(packets);
    await other.drained();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await newGateways(gateway)).toEqual([]);
    expect(await store.collection(GATEWAY_PENDING).count()).toBeGreaterThan(0);
    await homeReplica.tick();
    await homeReplica.stop();
    await other.stop();
    const [alert] = await newGateways(gateway);
    expect(alert).toBeDefined();

    // The same packets through replicas with the fold timer give the same alert.
    const again = createTempSqliteFile('detection-fold-again');
    const db2 = openDatabase(again.file);
    const log2 = new SqlitePacketLog(db2, { partitions: 2, pollIntervalMs: 20 });
    const events2 = new SqliteEventStore(db2);
    const store2 = new SqliteReadStore(db2);
    try {
      const runner = (partition: number, foldIntervalMs: number) =>
        new DetectionRunner(log2, events2, store2, new PolicyProvider(store2), new Metrics(), {
          partitions: [partition],
          tickIntervalMs: 0,
          foldIntervalMs,
          cacheState: false,
        });
      const [a, b] = [runner(home, 50), runner(1 - home, 0)];
      a.start();
      b.start();
      await log2.append(packets);
      await b.drained();
      const raised = async () =>
        (await events2.readAll())
          .filter((event) => event.type === 'AlertRaised')
          .map((event) => event.data as AlertDraft)
          .filter((found) => found.code === 'LAF-402' && found.gateway === gateway);
      await until(async () => (await raised()).length > 0);
      await a.stop();
      await b.stop();
      expect(await raised()).toEqual([alert]);
    } finally {
      await log2.close();
      await events2.close();
      await store2.close();
      db2.close();
      again.remove();
    }
  });
});

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

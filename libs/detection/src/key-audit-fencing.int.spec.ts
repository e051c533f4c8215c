import type { AlertDraft } from '@lorawatch/domain/alert';
import { packetFromPhy, secondsAfter } from '@lorawatch/detectors/testing/packet-factory';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { Metrics } from '@lorawatch/ops/metrics';
import { SET_ASIDE_RECORDS } from '@lorawatch/ops/set-aside-records';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { OrganizationAppKeys } from '@lorawatch/app-keys/projection/organization-app-keys';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { CheckpointFencedError, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ReplicaStore } from '@lorawatch/read-store/testing/replica-store';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { KEY_AUDIT_GROUP, KeyAuditRunner, keyAuditCheckpoint } from './key-audit-runner';
import { PolicyProvider } from './policy-provider';

const CHECKPOINT = keyAuditCheckpoint(0);
const JOIN_EUI = '70b3d57ed0000001';

/** A join request of device `n`, whose AppKey is JoinEUI ‖ DevEUI: a key the dictionary guesses (LAF-008). */
function weakJoin(n: number) {
  const devEui = `70b3d5499000${n.toString(16).padStart(4, '0')}`;
  const appKey = Buffer.from(JOIN_EUI + devEui, 'hex');
  return packetFromPhy(buildJoinRequest({ appKey, joinEui: JOIN_EUI, devEui, devNonce: n }), {
    date: secondsAfter('2024-03-01T08:00:00.000Z', n),
  });
}

/**
 * Two key-audit replicas on one partition: A queues a batch, reads the next one and stalls before its commit (past
 * its session: B takes the partition over from the committed offset). When A resumes, its commit is fenced: the
 * checkpoint never goes back, A reads on from the stored one, and every weak key is reported once.
 */
describe('a key-audit replica that stalls past its session', () => {
  let temp: TempSqliteFile;
  let db: Database;
  let log: SqlitePacketLog;
  let events: SqliteEventStore;
  let store: SqliteReadStore;

  beforeEach(() => {
    temp = createTempSqliteFile('key-audit-fencing');
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

  const replica = (replicaStore: ReadStore, metrics: Metrics) =>
    new KeyAuditRunner({
      packets: log,
      events,
      store: replicaStore,
      policies: new PolicyProvider(replicaStore),
      organizationKeys: new OrganizationAppKeys(replicaStore),
      metrics,
      threads: 1,
      restart: { initialDelayMs: 50, maxDelayMs: 200, poisonAttempts: 1 },
    });

  it('is fenced when it resumes: no checkpoint regression, no weak key reported twice, and it reads on', async () => {
    const joins = Array.from({ length: 9 }, (_, n) => weakJoin(n + 1));
    const seen: number[] = [];
    const storeA = new ReplicaStore(store, CHECKPOINT, seen, { stallAt: 2 });
    const metricsA = new Metrics();
    const metricsB = new Metrics();
    const a = replica(storeA, metricsA);
    const b = replica(new ReplicaStore(store, CHECKPOINT, seen), metricsB);
    try {
      a.start();
      await log.append(joins.slice(0, 3));
      await a.enqueued();
      expect(await store.checkpoint(CHECKPOINT)).toBe(3);
      await log.append(joins.slice(3, 6));
      await storeA.holding;

      b.start();
      await b.drained();
      expect(await store.checkpoint(CHECKPOINT)).toBe(6);
      storeA.resume();
      expect(await storeA.stalled).toBeInstanceOf(CheckpointFencedError);
      expect(await store.checkpoint(CHECKPOINT)).toBe(6);
      await b.stop();

      // A alone from here: it reads on from the stored checkpoint, not from where it stalled.
      await log.append(joins.slice(6));
      await a.drained();
    } finally {
      await a.stop();
      await b.stop();
    }

    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(await store.checkpoint(CHECKPOINT)).toBe(joins.length);
    const raised = (await events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => event.data as AlertDraft)
      .filter((alert) => alert.code === 'LAF-008');
    expect(raised.map((alert) => alert.devEui).sort()).toEqual(joins.map((join) => join.devEui).sort());

    expect(await metricsA.registry.getSingleMetricAsString('lorawatch_checkpoint_fenced_total')).toContain(
      `lorawatch_checkpoint_fenced_total{consumer="${KEY_AUDIT_GROUP}"} 1`,
    );
    expect(
      await metricsB.registry.getSingleMetricAsString('lorawatch_checkpoint_fenced_total'),
    ).not.toContain('consumer=');
    expect(await store.collection(SET_ASIDE_RECORDS).count()).toBe(0);
  });
});

import type { AlertDraft } from '@lorawatch/domain/alert';
import { keyAuditDeviceId } from '@lorawatch/detectors/app-keys/key-audit-packets';
import type { KeyAuditState } from '@lorawatch/detectors/app-keys/key-audit-state';
import { packetFromPhy, secondsAfter } from '@lorawatch/detectors/testing/packet-factory';
import type { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import { buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { Metrics } from '@lorawatch/ops/metrics';
import { SET_ASIDE_RECORDS } from '@lorawatch/ops/set-aside-records';
import type { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { OrganizationAppKeys } from '@lorawatch/app-keys/projection/organization-app-keys';
import type { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { CheckpointFencedError, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ReplicaStore } from '@lorawatch/read-store/testing/replica-store';
import { KEY_AUDIT_QUEUE } from './key-audit/key-audit-queue';
import { KEY_AUDIT_GROUP, KEY_AUDIT_JOBS, KeyAuditRunner, keyAuditCheckpoint } from './key-audit-runner';
import { PolicyProvider } from './policy-provider';
import { PausingStore } from './testing/pausing-store';
import { sqliteStoresForEachTest } from './testing/sqlite-stores';

const CHECKPOINT = keyAuditCheckpoint(0);
const JOIN_EUI = '70b3d57ed0000001';

/** A join request of device `n`, whose AppKey is JoinEUI ‖ DevEUI: a key the dictionary guesses (LAF-008). */
function weakJoin(n: number, devNonce = n, seconds = n) {
  const devEui = `70b3d5499000${n.toString(16).padStart(4, '0')}`;
  const appKey = Buffer.from(JOIN_EUI + devEui, 'hex');
  return packetFromPhy(buildJoinRequest({ appKey, joinEui: JOIN_EUI, devEui, devNonce }), {
    date: secondsAfter('2024-03-01T08:00:00.000Z', seconds),
  });
}

/**
 * Two key-audit replicas on one partition: A queues a batch, reads the next one and stalls before its commit (past
 * its session: B takes the partition over from the committed offset). When A resumes, its commit is fenced: the
 * checkpoint never goes back, A reads on from the stored one, and every weak key is reported once.
 */
describe('a key-audit replica that stalls past its session', () => {
  const stores = sqliteStoresForEachTest('key-audit-fencing', 1);
  let log: SqlitePacketLog;
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  beforeEach(() => {
    ({ log, events, store } = stores);
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
    // B's batches are never fenced (both dispatchers may run a device's job at once: one of them is fenced then).
    expect(
      await metricsB.registry.getSingleMetricAsString('lorawatch_checkpoint_fenced_total'),
    ).not.toContain(`consumer="${KEY_AUDIT_GROUP}"`);
    expect(await store.collection(SET_ASIDE_RECORDS).count()).toBe(0);
  });

  /**
   * A replica runs a device's first job (its search done, its alert appended) and stalls at the commit of the
   * device's new state; another replica runs that job again and the device's next one. When the stalled one resumes,
   * its commit is fenced on the device's step counter: the device's newer state stays, nothing more is appended, and
   * the job is not counted as failed.
   */
  it("fences a stalled job's commit so that the device's newer state is not regressed", async () => {
    const first = weakJoin(1, 1, 0);
    const second = weakJoin(1, 2, 60);
    const device = keyAuditDeviceId(first);
    const storeA = new PausingStore(store);
    const metricsA = new Metrics();
    const a = replica(storeA, metricsA);
    const b = replica(store, new Metrics());
    const state = async () =>
      (await store.collection<{ id: string; state: KeyAuditState }>({ name: 'key_audit_state' }).get(device))
        ?.state;
    const pause = storeA.pauseCommitWriting('key_audit_state');
    let newer: KeyAuditState | undefined;
    let recorded: unknown[] = [];
    try {
      a.start();
      await log.append([first, second]);
      await a.enqueued();
      await pause.holding;
      expect(storeA.held).toContainEqual(expect.objectContaining({ op: 'delete', id: first.id }));

      b.start();
      await b.drained();
      newer = await state();
      expect(newer?.lastJoinRequest?.packetId).toBe(second.id);
      expect(newer?.recovered).not.toBeNull();
      recorded = await events.readAll();

      pause.resume();
      await until(async () =>
        (await metricsA.registry.getSingleMetricAsString('lorawatch_checkpoint_fenced_total')).includes(
          `lorawatch_checkpoint_fenced_total{consumer="${KEY_AUDIT_JOBS}"} 1`,
        ),
      );
      await a.drained();
    } finally {
      pause.resume();
      await a.stop();
      await b.stop();
    }
    expect(await state()).toEqual(newer);
    expect(await events.readAll()).toEqual(recorded);
    const raised = (await events.readAll())
      .filter((event) => event.type === 'AlertRaised')
      .map((event) => event.data as AlertDraft)
      .filter((alert) => alert.code === 'LAF-008');
    expect(raised.map((alert) => alert.devEui)).toEqual([first.devEui]);
    expect(await store.collection(KEY_AUDIT_QUEUE).count()).toBe(0);
    expect(await metricsA.registry.getSingleMetricAsString('lorawatch_key_audits_failed_total')).not.toMatch(
      / [1-9]\d*$/m,
    );
  });
});

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

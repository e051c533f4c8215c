import { randomBytes } from 'node:crypto';
import { appKeysProjection } from '@lorawatch/app-keys/projection/app-keys.projection';
import { OrganizationAppKeys } from '@lorawatch/app-keys/projection/organization-app-keys';
import { AppKeyEventTypes, type AppKeysAdded } from '@lorawatch/app-keys/domain/app-key.events';
import type { IssueClearance } from '@lorawatch/detectors/detector-step';
import { TTN_DEV_EUI, ttnJoin } from '@lorawatch/detectors/testing/fixture-packets';
import {
  attributedJoinAccept,
  packetFromPhy,
  secondsAfter,
} from '@lorawatch/detectors/testing/packet-factory';
import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { buildDataUp, buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { Metrics } from '@lorawatch/ops/metrics';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { createTempSqliteFile, type TempSqliteFile } from '@lorawatch/sqlite/testing/temp-sqlite-file';
import { DATA_SOURCES } from '@lorawatch/domain/data-source.view';
import { POLICIES } from '@lorawatch/policies/policy.view';
import { KEY_AUDIT_GROUP, KeyAuditRunner, keyAuditCheckpoint } from './key-audit-runner';
import { PolicyProvider } from './policy-provider';

const T0 = '2024-03-01T08:00:00.000Z';
const JOIN_EUI = '70b3d57ed0000001';
const WEAK_DEV_EUI = '70b3d54990000001';
const STRONG_DEV_EUI = '70b3d54990000002';
const weakKey = (devEui: string) => Buffer.from(JOIN_EUI + devEui, 'hex');

function joinRequest(
  devEui: string,
  appKey: Buffer,
  devNonce: number,
  at: number,
  extra: Partial<Packet> = {},
) {
  const phy = buildJoinRequest({ appKey, joinEui: JOIN_EUI, devEui, devNonce });
  return packetFromPhy(phy, { date: secondsAfter(T0, at), ...extra });
}

/** The key audit on real SQLite engines sharing one file, as in the standalone server. */
describe('key audit runner', () => {
  let temp: TempSqliteFile;
  let db: Database;
  let log: SqlitePacketLog;
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  let keys: OrganizationAppKeys;
  let policies: PolicyProvider;
  let cleared: IssueClearance[];
  let runner: KeyAuditRunner;
  let metrics: Metrics;

  const newRunner = () => {
    metrics = new Metrics();
    return new KeyAuditRunner({
      packets: log,
      events,
      store,
      policies,
      organizationKeys: keys,
      metrics,
      threads: 1,
      onCleared: (clearance) => void cleared.push(clearance),
    });
  };

  beforeEach(() => {
    temp = createTempSqliteFile('key-audit');
    db = openDatabase(temp.file);
    log = new SqlitePacketLog(db, { partitions: 2 });
    events = new SqliteEventStore(db);
    store = new SqliteReadStore(db);
    keys = new OrganizationAppKeys(store);
    policies = new PolicyProvider(store);
    cleared = [];
    runner = newRunner();
    runner.start();
  });

  afterEach(async () => {
    await runner.stop();
    await log.close();
    await events.close();
    await store.close();
    db.close();
    temp.remove();
  });

  /** Appends, then waits until the packets are queued and every queued audit has run on the pool. */
  async function run(packets: Packet[]): Promise<void> {
    await log.append(packets);
    await runner.drained();
  }

  async function raised(): Promise<AlertDraft[]> {
    const all = await events.readAll();
    return all.filter((event) => event.type === 'AlertRaised').map((event) => event.data as AlertDraft);
  }

  async function addOrganizationKeys(organizationId: number, added: string[]): Promise<void> {
    const data: AppKeysAdded = { organizationId, keys: added.map((key, i) => ({ id: i + 1, key })) };
    const event = { type: AppKeyEventTypes.Added, data } as RecordedEvent;
    await store.commit(await appKeysProjection.project(event, store));
    keys.invalidate();
  }

  it('raises LAF-008 then LAF-009 for a weak key, nothing for a strong one, and commits state with the offsets', async () => {
    const strong = randomBytes(16);
    const first = joinRequest(WEAK_DEV_EUI, weakKey(WEAK_DEV_EUI), 1, 0);
    const data = packetFromPhy(
      buildDataUp({
        nwkSKey: strong,
        appSKey: strong,
        devAddr: '26011234',
        fCnt: 3,
        fPort: 1,
        payload: Buffer.from('x'),
      }),
      { date: secondsAfter(T0, 30) },
    );
    await run([
      first,
      joinRequest(WEAK_DEV_EUI, weakKey(WEAK_DEV_EUI), 1, 0.3, { gateway: 'aa555a0000000102' }),
      joinRequest(STRONG_DEV_EUI, strong, 1, 1),
      data,
      joinRequest(STRONG_DEV_EUI, strong, 2, 600),
    ]);
    const second = joinRequest(WEAK_DEV_EUI, weakKey(WEAK_DEV_EUI), 2, 600);
    await run([second]);

    const alerts = await raised();
    expect(alerts.map((a) => [a.code, a.packet.id, a.parameters.app_key])).toEqual([
      ['LAF-008', first.id, (JOIN_EUI + WEAK_DEV_EUI).toUpperCase()],
      ['LAF-009', second.id, (JOIN_EUI + WEAK_DEV_EUI).toUpperCase()],
    ]);
    expect(alerts[1].parameters).toMatchObject({ packet_id_1: first.id, packet_type_2: 'JoinRequest' });

    const ends = await log.endOffsets();
    for (const [partition, end] of ends.entries()) {
      expect(await store.checkpoint(keyAuditCheckpoint(partition))).toBe(end);
    }
    const states = await store.collection<{ id: string }>({ name: 'key_audit_state' }).find();
    expect(states.map((doc) => doc.id).sort()).toEqual([`1:${WEAK_DEV_EUI}`, `1:${STRONG_DEV_EUI}`]);
    // Five join requests queued and audited, the data frame never queued; the queue is empty again.
    expect((await metrics.keyAuditsDone.get()).values[0].value).toBe(5);
    expect(await store.collection({ name: 'key_audit_queue' }).count()).toBe(0);
  });

  it('does not raise an alert twice after a restart, and confirms from the stored state', async () => {
    const first = joinRequest(WEAK_DEV_EUI, weakKey(WEAK_DEV_EUI), 1, 0);
    await run([first]);
    await runner.stop();
    // The consumer group's own offsets rewound: the runner still goes by the checkpoint committed with its state.
    for (const partition of [0, 1]) await log.commit(KEY_AUDIT_GROUP, partition, 0);
    runner = newRunner();
    runner.start();
    await run([joinRequest(WEAK_DEV_EUI, weakKey(WEAK_DEV_EUI), 2, 60)]);
    expect((await raised()).map((a) => a.code)).toEqual(['LAF-008', 'LAF-009']);
  });

  it('tries the organisation keys from the read model, re-read when they change, and confirms with the join accept', async () => {
    const { joinRequestPhy, joinAcceptPhy } = ttnJoin();
    await run([packetFromPhy(joinRequestPhy, { date: T0 })]);
    expect(await raised()).toEqual([]);

    await addOrganizationKeys(2, ['B6B53F4A168A7A88BDF7EA135CE9CFCA']); // another organisation's list
    await run([packetFromPhy(joinRequestPhy, { date: secondsAfter(T0, 60), gateway: 'aa555a0000000103' })]);
    expect(await raised()).toEqual([]);

    await addOrganizationKeys(1, ['B6B53F4A168A7A88BDF7EA135CE9CFCA']);
    const again = packetFromPhy(joinRequestPhy, { date: secondsAfter(T0, 120), gateway: 'aa555a0000000104' });
    const accept = attributedJoinAccept(joinAcceptPhy, TTN_DEV_EUI, { date: secondsAfter(T0, 125) });
    await run([again, accept]);
    expect(
      (await raised()).map((a) => [a.code, a.parameters.packet_type_2 ?? null, a.parameters.dev_addr]),
    ).toEqual([
      ['LAF-008', null, null],
      ['LAF-009', 'JoinAccept', '26012e43'],
    ]);
  });

  it('hands the clearance to onCleared when a confirmed key changes', async () => {
    await run([
      joinRequest(WEAK_DEV_EUI, weakKey(WEAK_DEV_EUI), 1, 0),
      joinRequest(WEAK_DEV_EUI, weakKey(WEAK_DEV_EUI), 2, 60),
    ]);
    const rekeyed = joinRequest(WEAK_DEV_EUI, randomBytes(16), 3, 86400);
    await run([rekeyed]);
    expect(cleared).toEqual([
      expect.objectContaining({ code: 'LAF-009', reason: 'AppKey was modified', packet: rekeyed }),
    ]);
  });

  it('skips the search for data sources whose policy disables LAF-008 and LAF-009', async () => {
    const off = (code: string) => ({ alertTypeCode: code, enabled: false, parameters: {} });
    // Only the fields PolicyProvider reads.
    const policy = { id: '7', policyId: 7, organizationId: 1, items: [off('LAF-008'), off('LAF-009')] };
    const source = { id: '1', dataSourceId: 1, organizationId: 1, policyId: 7, deleted: false };
    await store.commit([
      { op: 'upsert', collection: POLICIES.name, doc: policy },
      { op: 'upsert', collection: DATA_SOURCES.name, doc: source },
    ]);
    policies.invalidate();
    await run([
      joinRequest(WEAK_DEV_EUI, weakKey(WEAK_DEV_EUI), 1, 0),
      joinRequest(WEAK_DEV_EUI, weakKey(WEAK_DEV_EUI), 2, 60),
    ]);
    expect(await raised()).toEqual([]);
    expect(await store.collection<{ id: string }>({ name: 'key_audit_state' }).count()).toBe(0);
  });
});

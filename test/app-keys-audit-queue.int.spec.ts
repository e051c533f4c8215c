import { randomBytes } from 'node:crypto';
import { KEY_AUDIT_QUEUE, type KeyAuditJob } from '@lorawatch/detection/key-audit/key-audit-queue';
import { packetFromPhy } from '@lorawatch/detectors/testing/packet-factory';
import { buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { READ_STORE, type ReadStore, type WriteOp } from '@lorawatch/read-store/read-store.port';
import { startApp, type Harness } from './support/app-harness';
import {
  authorization,
  callerTokens,
  OTHER_ORGANIZATION_ID,
  type Caller,
  type CallerTokens,
} from './support/callers';

const PATH = '/api/v1.0/app_keys/audit_queue';

/** Who may read how many devices await their AppKey audit (CONTRIBUTING.md §5): every member of the organisation. */
const TABLE: Record<Caller, number> = { anonymous: 401, user: 200, admin: 200, 'other admin': 200 };

/**
 * A queued audit of a device's join request. The jobs sit in a partition no process of the app runs, so they stay
 * queued while the test reads the count.
 */
function queuedJob(organizationId: number, devEui: string, devNonce: number): WriteOp {
  const phy = buildJoinRequest({ appKey: randomBytes(16), joinEui: '70b3d57ed0000001', devEui, devNonce });
  const packet = packetFromPhy(phy, { organizationId, dataSourceId: organizationId });
  const doc: KeyAuditJob = {
    id: packet.id,
    device: `${packet.dataSourceId}:${devEui}`,
    organizationId,
    partition: 999,
    offset: devNonce,
    enqueuedAt: Date.now(),
    packet,
  };
  return { op: 'upsert', collection: KEY_AUDIT_QUEUE.name, doc };
}

describe('app keys audit queue API', () => {
  let harness: Harness;
  let tokens: CallerTokens;

  beforeAll(async () => {
    harness = await startApp();
    tokens = await callerTokens(harness);
  });
  afterAll(async () => harness.close());

  const pending = async (caller: Exclude<Caller, 'anonymous'>) =>
    (await harness.http.get(PATH).set(authorization(tokens, caller)).expect(200)).body as unknown;

  it('get app_keys/audit_queue', async () => {
    for (const caller of Object.keys(TABLE) as Caller[]) {
      const response = await harness.http.get(PATH).set(authorization(tokens, caller));
      expect({ caller, status: response.status }).toEqual({ caller, status: TABLE[caller] });
    }
  });

  it('counts the devices of the caller organisation with audits waiting, each device once', async () => {
    expect(await pending('user')).toEqual({ pending_devices: 0 });
    await harness.app
      .get<ReadStore>(READ_STORE)
      .commit([
        queuedJob(1, '70b3d54990000001', 1),
        queuedJob(1, '70b3d54990000001', 2),
        queuedJob(1, '70b3d54990000002', 1),
        queuedJob(OTHER_ORGANIZATION_ID, '70b3d54990000003', 1),
      ]);
    expect(await pending('user')).toEqual({ pending_devices: 2 });
    expect(await pending('admin')).toEqual({ pending_devices: 2 });
    expect(await pending('other admin')).toEqual({ pending_devices: 1 });
  });
});

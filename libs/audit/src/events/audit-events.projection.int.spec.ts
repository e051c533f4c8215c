import { deviceNumericId, gatewayNumericId } from '@lorawatch/domain/asset-id';
import type { EventCause } from '@lorawatch/domain/event-envelope';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { AlertEventTypes } from '@lorawatch/alerts/alert.events';
import { AssetAttributeEventTypes } from '@lorawatch/assets/domain/asset-attribute.events';
import { IssueEventTypes, type IssueClosed, type IssueOpened } from '@lorawatch/domain/issue.events';
import { alertOn, clearedOn, uplink } from '@lorawatch/issues/testing/issue-scenario';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import { openDatabase } from '@lorawatch/sqlite/open-database';
import { TagEventTypes } from '@lorawatch/tags/domain/tag.events';
import { AUDIT_EVENTS, AUDIT_KEYS, type AuditEventView, type AuditKeyView } from './audit-event.view';
import { auditEventsProjection } from './audit-events.projection';

const T0 = '2024-05-01T10:00:00Z';
const DEVICE = { devEui: '0004a30b001c0530', devAddr: '26011234' };
const DEVICE_ID = deviceNumericId(1, DEVICE.devEui, null)!;

describe('the auditors’ index of the history', () => {
  let store: SqliteReadStore;
  let position = 0;

  beforeEach(() => {
    store = new SqliteReadStore(openDatabase(':memory:'));
    position = 0;
  });
  afterEach(async () => store.close());

  /** Projects one event as the runner would (writes and checkpoint together) and answers its position. */
  async function record(
    type: string,
    data: unknown,
    metadata: { organizationId?: number | null; cause?: EventCause; occurredAt?: string } = {},
  ): Promise<number> {
    position += 1;
    const event: RecordedEvent = {
      id: `e${position}`,
      type,
      data,
      streamId: `stream-${position}`,
      revision: 0,
      position,
      recordedAt: '2024-05-02T00:00:00.000Z',
      metadata: {
        organizationId: metadata.organizationId === undefined ? 1 : metadata.organizationId,
        actor: 'test',
        correlationId: 'c',
        causationId: null,
        occurredAt: metadata.occurredAt ?? T0,
        schemaVersion: 1,
        ...(metadata.cause ? { cause: metadata.cause } : {}),
      },
    };
    await store.commit(await auditEventsProjection.project(event, store), {
      name: auditEventsProjection.name,
      position,
    });
    return position;
  }

  const positionsUnder = async (key: string) =>
    (
      await store
        .collection<AuditKeyView>(AUDIT_KEYS)
        .find({ organizationId: 1, key }, { sort: [['position', 'asc']] })
    ).map((row) => row.position);

  it("files an issue's events under the alert that opened it and its device", async () => {
    const alert = alertOn('LAF-100', uplink(DEVICE, T0, 1));
    const raised = await record(AlertEventTypes.Raised, alert);
    const opened: IssueOpened = {
      issueId: alert.id,
      alertId: alert.id,
      code: 'LAF-100',
      organizationId: 1,
      dataSourceId: 1,
      asset: { type: 'DEVICE', devEui: DEVICE.devEui, devAddr: DEVICE.devAddr, gateway: null },
      since: T0,
    };
    const openedAt = await record(IssueEventTypes.Opened, opened);
    const recurrence = alertOn('LAF-100', uplink(DEVICE, T0, 2));
    const recurredRaise = await record(AlertEventTypes.Raised, recurrence);
    const recurred = await record(IssueEventTypes.Recurred, {
      issueId: alert.id,
      alertId: recurrence.id,
      code: 'LAF-100',
      checkedAt: T0,
    });
    const closed: IssueClosed = {
      issueId: alert.id,
      alertId: alert.id,
      code: 'LAF-100',
      reason: 1,
      comment: 'fixed',
      resolvedAt: T0,
      resolvedBy: { userId: 4, username: 'olga', fullName: 'Olga' },
      evidence: null,
    };
    const closedAt = await record(IssueEventTypes.Closed, closed, {
      cause: { kind: 'user', userId: 4, username: 'olga' },
    });

    expect(await positionsUnder(`alert:${raised}`)).toEqual([raised, openedAt, recurred, closedAt]);
    // The recurrence is an event of the alert that recurred too.
    expect(await positionsUnder(`alert:${recurredRaise}`)).toEqual([recurredRaise, recurred]);
    expect(await positionsUnder(`asset:device:${DEVICE_ID}`)).toEqual([
      raised,
      openedAt,
      recurredRaise,
      recurred,
      closedAt,
    ]);
    expect(await positionsUnder('org')).toEqual([raised, openedAt, recurredRaise, recurred, closedAt]);
    const stored = await store.collection<AuditEventView>(AUDIT_EVENTS).get(String(closedAt));
    expect(stored).toMatchObject({
      type: IssueEventTypes.Closed,
      stream: `stream-${closedAt}`,
      time: '2024-05-01T10:00:00.000Z',
      data: { comment: 'fixed' },
      cause: { kind: 'user', userId: 4, username: 'olga' },
    });
    // The index keeps both times: the event's own (shown) and when it was recorded (what from and to bound).
    const [row] = await store
      .collection<AuditKeyView>(AUDIT_KEYS)
      .find({ organizationId: 1, key: 'org', position: closedAt });
    expect(row).toMatchObject({ time: '2024-05-01T10:00:00.000Z', recordedAt: '2024-05-02T00:00:00.000Z' });
  });

  it("files gateway alerts under the gateway, and users' changes under each asset they name", async () => {
    const gatewayAlert = alertOn('LAF-402', uplink(DEVICE, T0, 3));
    const gatewayId = gatewayNumericId(1, gatewayAlert.gateway)!;
    const raised = await record(AlertEventTypes.Raised, gatewayAlert);
    const assets = [
      { assetId: `device:1:${DEVICE.devEui}`, numericId: DEVICE_ID, type: 'device' },
      { assetId: `gateway:1:${gatewayAlert.gateway}`, numericId: gatewayId, type: 'gateway' },
    ];
    const importance = await record(AssetAttributeEventTypes.ImportanceSet, {
      organizationId: 1,
      importance: 'HIGH',
      assets,
    });
    const tagged = await record(TagEventTypes.Assigned, { tagId: 3, organizationId: 1, assets });

    expect(await positionsUnder(`asset:gateway:${gatewayId}`)).toEqual([raised, importance, tagged]);
    expect(await positionsUnder(`asset:device:${DEVICE_ID}`)).toEqual([importance, tagged]);
    expect(await positionsUnder('type:gateway')).toEqual([raised, importance, tagged]);
    expect(await positionsUnder('type:device')).toEqual([importance, tagged]);
    // Once in the organisation's history, however many assets it names.
    expect(await positionsUnder('org')).toEqual([raised, importance, tagged]);
  });

  it('files a cleared condition under its device, with the packet that showed it', async () => {
    const cleared = clearedOn('LAF-100', uplink(DEVICE, T0, 4), 'device sent a join request');
    const at = await record(IssueEventTypes.ConditionCleared, cleared, {
      cause: { kind: 'packet', packetId: cleared.packet.id, dataSourceId: 1, date: cleared.packet.date },
    });
    expect(await positionsUnder(`asset:device:${DEVICE_ID}`)).toEqual([at]);
    const stored = await store.collection<AuditEventView>(AUDIT_EVENTS).get(String(at));
    expect(stored?.cause).toEqual({
      kind: 'packet',
      packetId: cleared.packet.id,
      dataSourceId: 1,
      date: cleared.packet.date,
    });
  });

  it('leaves out events of no organisation, and reads old events with no cause', async () => {
    const alert = alertOn('LAF-100', uplink(DEVICE, T0, 5));
    await record(AlertEventTypes.Raised, alert, { organizationId: null });
    const old = await record(AlertEventTypes.Raised, alertOn('LAF-100', uplink(DEVICE, T0, 6)));
    expect(await positionsUnder('org')).toEqual([old]);
    expect((await store.collection<AuditEventView>(AUDIT_EVENTS).get(String(old)))?.cause).toBeNull();
  });
});

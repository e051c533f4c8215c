import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { IssueEventTypes, type IssueOpened } from '@lorawatch/domain/issue.events';
import { alertOn, joinRequest, uplink } from '@lorawatch/issues/testing/issue-scenario';
import type { ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';
import { AlertEventTypes, type AlertResolved } from '../alert.events';
import type { AlertView } from '@lorawatch/domain/alert.view';
import { alertsProjection, newlyVisibleAlertId } from './alerts.projection';

const T0 = '2024-05-01T10:00:00.000Z';
const device = { devEui: '0004a30b001c0530', devAddr: '26011234' };

function recorded(type: string, data: unknown, position: number): RecordedEvent {
  return {
    id: `e${position}`,
    type,
    data,
    streamId: 's',
    revision: 0,
    position,
    recordedAt: T0,
    metadata: {
      organizationId: 1,
      actor: 'test',
      correlationId: 'c',
      causationId: null,
      occurredAt: T0,
      schemaVersion: 1,
    },
  };
}

/** A read store holding one alert document, enough for the projection's look-up. */
const holding = (doc: AlertView | null) =>
  ({ collection: () => ({ get: async () => doc }) }) as unknown as ReadStore;

async function project(event: RecordedEvent, doc: AlertView | null = null): Promise<WriteOp[]> {
  return alertsProjection.project(event, holding(doc));
}

/** The document an upsert writes. */
function docOf(op: WriteOp | undefined): AlertView {
  if (op?.op !== 'upsert') throw new Error(`expected an upsert, got ${op?.op}`);
  return op.doc as AlertView;
}

const update = (event: RecordedEvent, ops: WriteOp[]) => ({ projection: 'alerts', event, ops });

/** The writes to the alerts themselves; the counters written with them are specified below. */
const alertWrites = (ops: WriteOp[]) => ops.filter((op) => op.collection === 'alerts');

describe('alerts projection: visibility', () => {
  it('shows an alert that is not an issue type at once, and announces it', async () => {
    const alert = alertOn('LAF-001', joinRequest(device.devEui, 5, T0));
    const event = recorded(AlertEventTypes.Raised, alert, 12);
    const ops = await project(event);
    expect(alertWrites(ops)).toMatchObject([
      { op: 'upsert', doc: { id: alert.id, numericId: 12, show: true } },
    ]);
    expect(newlyVisibleAlertId(update(event, ops))).toBe(alert.id);
  });

  it('hides an issue-type alert until an issue opens with it', async () => {
    const alert = alertOn('LAF-100', uplink(device, T0, 4));
    const raised = recorded(AlertEventTypes.Raised, alert, 20);
    const ops = await project(raised);
    expect(ops).toMatchObject([{ op: 'upsert', doc: { show: false } }]);
    expect(newlyVisibleAlertId(update(raised, ops))).toBeNull();

    const opened = recorded(
      IssueEventTypes.Opened,
      { issueId: alert.id, alertId: alert.id } as IssueOpened,
      21,
    );
    const hidden = docOf(ops[0]);
    const shown = await project(opened, hidden);
    expect(alertWrites(shown)).toEqual([
      { op: 'patch', collection: 'alerts', id: alert.id, set: { show: true } },
    ]);
    expect(newlyVisibleAlertId(update(opened, shown))).toBe(alert.id);
    // Replayed after the alert was shown: nothing to announce again.
    expect(await project(opened, { ...hidden, show: true })).toEqual([]);
  });

  it('keeps the explicit absence of packet data of resolution alerts', async () => {
    const solved = alertOn('LAF-600', uplink(device, T0, 4), { packet_data: null });
    const [op] = await project(recorded(AlertEventTypes.Raised, solved, 30));
    expect(docOf(op).parameters.packet_data).toBeNull();
    const normal = alertOn('LAF-001', joinRequest(device.devEui, 5, T0));
    const [withPacket] = await project(recorded(AlertEventTypes.Raised, normal, 31));
    expect(docOf(withPacket).parameters.packet_data).toMatchObject({ id: normal.packet.id });
  });

  it('records a resolution with its resolver, and announces nothing', async () => {
    const resolved: AlertResolved = {
      alertId: 'x1',
      resolvedAt: T0,
      resolvedBy: { userId: 3, username: 'ana', fullName: 'Ana' },
      comment: 'checked on site',
    };
    const event = recorded(AlertEventTypes.Resolved, resolved, 40);
    const ops = await project(event);
    expect(ops).toEqual([
      {
        op: 'patch',
        collection: 'alerts',
        id: 'x1',
        set: {
          resolved: true,
          resolvedAt: T0,
          resolvedById: 3,
          resolvedBy: resolved.resolvedBy,
          resolutionComment: 'checked on site',
        },
      },
    ]);
    expect(newlyVisibleAlertId(update(event, ops))).toBeNull();
  });
});

describe('alerts projection: hourly counters of shown alerts', () => {
  const resolution = (alertId: string): AlertResolved => ({
    alertId,
    resolvedAt: T0,
    resolvedBy: { userId: 3, username: 'ana', fullName: 'Ana' },
    comment: null,
  });
  const counterWrites = (ops: WriteOp[]) =>
    ops
      .filter((op) => op.collection === 'alert_counts')
      .map((op) => (op.op === 'inc' ? { id: op.id, by: op.inc.count } : op));

  async function raisedDoc(code: 'LAF-001' | 'LAF-100', position: number) {
    const packet = code === 'LAF-001' ? joinRequest(device.devEui, 5, T0) : uplink(device, T0, 4);
    const alert = alertOn(code, packet);
    const ops = await project(recorded(AlertEventTypes.Raised, alert, position));
    return { alert, ops, doc: docOf(ops.find((op) => op.collection === 'alerts')) };
  }

  it('counts a shown alert once in its organisation, data source, hour, type and unresolved counter', async () => {
    const { ops, doc } = await raisedDoc('LAF-001', 50);
    expect(counterWrites(ops)).toEqual([
      { id: `1:${doc.dataSourceId}:2024-05-01T10:00:00.000Z:LAF-001:0`, by: 1 },
    ]);
    expect(ops.find((op) => op.collection === 'alert_counts')).toMatchObject({
      setOnInsert: {
        organizationId: 1,
        dataSourceId: doc.dataSourceId,
        hour: '2024-05-01T10:00:00.000Z',
        day: '2024-05-01',
        code: 'LAF-001',
        risk: doc.risk,
        resolved: false,
      },
    });
  });

  it('counts an issue-type alert only once its issue opens, and only once', async () => {
    const { alert, ops, doc } = await raisedDoc('LAF-100', 51);
    expect(counterWrites(ops)).toEqual([]);
    const opened = recorded(
      IssueEventTypes.Opened,
      { issueId: alert.id, alertId: alert.id } as IssueOpened,
      52,
    );
    expect(counterWrites(await project(opened, doc))).toEqual([
      { id: `1:${doc.dataSourceId}:2024-05-01T10:00:00.000Z:LAF-100:0`, by: 1 },
    ]);
    expect(counterWrites(await project(opened, { ...doc, show: true }))).toEqual([]);
  });

  it('moves a resolved alert from the unresolved to the resolved counter, once', async () => {
    const { alert, doc } = await raisedDoc('LAF-001', 53);
    const event = recorded(AlertEventTypes.Resolved, resolution(alert.id), 54);
    const key = `1:${doc.dataSourceId}:2024-05-01T10:00:00.000Z:LAF-001`;
    expect(counterWrites(await project(event, doc))).toEqual([
      { id: `${key}:0`, by: -1 },
      { id: `${key}:1`, by: 1 },
    ]);
    expect(counterWrites(await project(event, { ...doc, resolved: true }))).toEqual([]);
    // Unknown alert: the patch changes nothing, so neither do the counters.
    expect(counterWrites(await project(event, null))).toEqual([]);
  });

  it('resolving a hidden alert counts nothing until its issue opens, then counts it as resolved', async () => {
    const { alert, doc } = await raisedDoc('LAF-100', 55);
    const resolvedOps = await project(recorded(AlertEventTypes.Resolved, resolution(alert.id), 56), doc);
    expect(counterWrites(resolvedOps)).toEqual([]);
    const opened = recorded(
      IssueEventTypes.Opened,
      { issueId: alert.id, alertId: alert.id } as IssueOpened,
      57,
    );
    expect(counterWrites(await project(opened, { ...doc, resolved: true }))).toEqual([
      { id: `1:${doc.dataSourceId}:2024-05-01T10:00:00.000Z:LAF-100:1`, by: 1 },
    ]);
  });

  it('moves the count when a raise replaces a document already counted', async () => {
    const { alert, doc } = await raisedDoc('LAF-001', 58);
    const again = await project(recorded(AlertEventTypes.Raised, alert, 58), { ...doc, resolved: true });
    const key = `1:${doc.dataSourceId}:2024-05-01T10:00:00.000Z:LAF-001`;
    expect(counterWrites(again)).toEqual([
      { id: `${key}:1`, by: -1 },
      { id: `${key}:0`, by: 1 },
    ]);
    expect(counterWrites(await project(recorded(AlertEventTypes.Raised, alert, 58), doc))).toEqual([]);
  });
});

describe('alerts projection: notices of a closed issue', () => {
  it('records "Issue closed by a user" as resolved at its date, by that user, with the comment', async () => {
    const alert = alertOn('LAF-601', uplink(device, T0, 9), { user_id: 5, resolution_comment: 'replaced' });
    const doc = docOf(alertWrites(await project(recorded(AlertEventTypes.Raised, alert, 30)))[0]);
    expect(doc).toMatchObject({
      resolved: true,
      resolvedAt: alert.createdAt,
      resolvedById: 5,
      resolutionComment: 'replaced',
    });
  });

  it('records "Issue solved" as resolved too, and any other alert as open', async () => {
    const solved = alertOn('LAF-600', uplink(device, T0, 10));
    expect(docOf(alertWrites(await project(recorded(AlertEventTypes.Raised, solved, 31)))[0])).toMatchObject({
      resolved: true,
      resolvedById: null,
    });
    const other = alertOn('LAF-001', joinRequest(device.devEui, 9, T0));
    expect(docOf(alertWrites(await project(recorded(AlertEventTypes.Raised, other, 32)))[0])).toMatchObject({
      resolved: false,
      resolvedAt: null,
    });
  });
});

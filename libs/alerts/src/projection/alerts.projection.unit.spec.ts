import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { IssueEventTypes, type IssueOpened } from '@lorawatch/issues/domain/issue.events';
import { alertOn, joinRequest, uplink } from '@lorawatch/issues/testing/issue-scenario';
import type { ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';
import { AlertEventTypes, type AlertResolved } from '../alert.events';
import type { AlertView } from './alert.view';
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

describe('alerts projection: visibility', () => {
  it('shows an alert that is not an issue type at once, and announces it', async () => {
    const alert = alertOn('LAF-001', joinRequest(device.devEui, 5, T0));
    const event = recorded(AlertEventTypes.Raised, alert, 12);
    const ops = await project(event);
    expect(ops).toMatchObject([{ op: 'upsert', doc: { id: alert.id, numericId: 12, show: true } }]);
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
    expect(shown).toEqual([{ op: 'patch', collection: 'alerts', id: alert.id, set: { show: true } }]);
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

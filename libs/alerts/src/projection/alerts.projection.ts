import { AssetAttributeEventTypes, type AssetAttributeEventPayloads } from '@lorawatch/assets';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import { deviceAssetId, gatewayAssetId } from '@lorawatch/domain/asset-id';
import { packetJson } from '@lorawatch/domain/packet-json';
import type { Importance } from '@lorawatch/domain/risk';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { recordedOf, type RecordedOf } from '@lorawatch/event-store/typed-events';
import { IssueEventTypes, type IssueEventPayloads, type IssueOpened } from '@lorawatch/domain/issue.events';
import type { Projection, ProjectionUpdate } from '@lorawatch/projections/projection';
import type { ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';
import {
  AlertEventTypes,
  type AlertEventPayloads,
  type AlertRaised,
  type AlertResolved,
} from '../alert.events';
import { ALERT_COUNTS, alertCountChange } from './alert-count.view';
import { ALERT_ASSET_IMPORTANCE } from './alert.view';
import { ALERTS, type AlertView } from '@lorawatch/domain/alert.view';
import { importanceChange, importanceOf } from './followed-importance';

/** The events the alerts projection subscribes to. */
type AlertsProjectionPayloads = AlertEventPayloads &
  Pick<IssueEventPayloads, typeof IssueEventTypes.Opened> &
  Pick<AssetAttributeEventPayloads, typeof AssetAttributeEventTypes.ImportanceSet>;

type RecordedAlert = RecordedOf<AlertEventPayloads, typeof AlertEventTypes.Raised>;

export const alertsProjection: Projection = {
  name: 'alerts',
  // 2: hourly alert counters (alert_counts) kept with the alerts. 3: the asset and its importance on each alert,
  // and the type's name to order by.
  version: 3,
  collections: [ALERTS, ALERT_COUNTS, ALERT_ASSET_IMPORTANCE],
  eventTypes: [
    AlertEventTypes.Raised,
    AlertEventTypes.Resolved,
    IssueEventTypes.Opened,
    AssetAttributeEventTypes.ImportanceSet,
  ],
  async project(recorded: RecordedEvent, store: ReadStore): Promise<WriteOp[]> {
    const event = recordedOf<AlertsProjectionPayloads>(recorded);
    switch (event.type) {
      case AlertEventTypes.Raised:
        return raised(event, store);
      case AlertEventTypes.Resolved:
        return resolved(event.data, store);
      case IssueEventTypes.Opened:
        return shownByIssue(event.data, store);
      case AssetAttributeEventTypes.ImportanceSet:
        return importanceChange(event.data, store, ALERT_ASSET_IMPORTANCE, ALERTS);
      default:
        return [];
    }
  },
};

/** Gateway alert types are about the gateway; every other type about the device (docs/alert-catalogue.md §1). */
function assetIdOf(alert: AlertRaised): string | null {
  return alertTypeByCode(alert.code)?.forAssetType === 'GATEWAY'
    ? gatewayAssetId(alert.dataSourceId, alert.gateway)
    : deviceAssetId(alert.dataSourceId, alert.devEui, alert.devAddr);
}

function alertView(
  event: RecordedAlert,
  assetId: string | null,
  assetImportance: Importance | null,
): AlertView {
  const alert = event.data;
  const type = alertTypeByCode(alert.code);
  return {
    id: alert.id,
    numericId: event.position,
    code: alert.code,
    typeName: type?.name ?? alert.code,
    risk: type?.risk ?? 'INFO',
    organizationId: alert.organizationId,
    dataSourceId: alert.dataSourceId,
    createdAt: alert.createdAt,
    devEui: alert.devEui,
    devAddr: alert.devAddr,
    gateway: alert.gateway,
    parameters: {
      ...alert.parameters,
      // Resolution alerts say "no packet" with an explicit null (docs/alert-catalogue.md §2.4).
      packet_data: alert.parameters.packet_data === null ? null : packetJson(alert.packet),
      prev_packet_data: alert.prevPacket ? packetJson(alert.prevPacket) : null,
    },
    // Issue types wait for the issue tracker: hidden from the start, shown when they open an issue.
    show: !type?.isIssue,
    ...resolutionOf(alert),
    assetId,
    assetImportance,
  };
}

/** The alerts that tell of an issue's closing (LAF-600 automatic, LAF-601 by a user): a closing is not open. */
const CLOSING_NOTICES: ReadonlySet<string> = new Set(['LAF-600', 'LAF-601']);

type Resolution = Pick<
  AlertView,
  'resolved' | 'resolvedAt' | 'resolvedById' | 'resolvedBy' | 'resolutionComment'
>;

/**
 * Alerts start unresolved, except the notices of an issue's closing: they report a resolution that already happened,
 * so they are born resolved at their own date, by the user who closed the issue when one did.
 */
function resolutionOf(alert: AlertRaised): Resolution {
  if (!CLOSING_NOTICES.has(alert.code))
    return {
      resolved: false,
      resolvedAt: null,
      resolvedById: null,
      resolvedBy: null,
      resolutionComment: null,
    };
  const { user_id: userId, resolution_comment: comment } = alert.parameters;
  return {
    resolved: true,
    resolvedAt: alert.createdAt,
    resolvedById: typeof userId === 'number' ? userId : null,
    resolvedBy: null,
    resolutionComment: typeof comment === 'string' ? comment : null,
  };
}

const alertsIn = (store: ReadStore) => store.collection<AlertView>(ALERTS);

async function raised(event: RecordedAlert, store: ReadStore): Promise<WriteOp[]> {
  const assetId = assetIdOf(event.data);
  const view = alertView(event, assetId, await importanceOf(store, ALERT_ASSET_IMPORTANCE, assetId));
  // An upsert replaces whatever the id held, so the counters move from that document, not from nothing.
  const before = await alertsIn(store).get(view.id);
  return [{ op: 'upsert', collection: ALERTS.name, doc: view }, ...alertCountChange(before, view)];
}

async function resolved(event: AlertResolved, store: ReadStore): Promise<WriteOp[]> {
  const set: Partial<AlertView> = {
    resolved: true,
    resolvedAt: event.resolvedAt,
    resolvedById: event.resolvedBy.userId,
    resolvedBy: event.resolvedBy,
    resolutionComment: event.comment,
  };
  const before = await alertsIn(store).get(event.alertId);
  return [
    { op: 'patch', collection: ALERTS.name, id: event.alertId, set },
    ...(before ? alertCountChange(before, { ...before, ...set }) : []),
  ];
}

async function shownByIssue(opened: IssueOpened, store: ReadStore): Promise<WriteOp[]> {
  const alert = await alertsIn(store).get(opened.alertId);
  if (!alert || alert.show !== false) return [];
  return [
    { op: 'patch', collection: ALERTS.name, id: opened.alertId, set: { show: true } },
    ...alertCountChange(alert, { ...alert, show: true }),
  ];
}

/**
 * The alert a committed alerts-projection update made visible, if any: a new alert shown at once, or a hidden
 * one whose issue just opened. The websocket announces exactly these (`new_alert`).
 */
export function newlyVisibleAlertId(update: ProjectionUpdate): string | null {
  if (update.projection !== alertsProjection.name) return null;
  for (const op of update.ops) {
    if (op.collection !== ALERTS.name) continue;
    if (op.op === 'upsert' && (op.doc as AlertView).show) return op.doc.id;
    if (op.op === 'patch' && op.set.show === true) return op.id;
  }
  return null;
}

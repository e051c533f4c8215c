import { AlertEventTypes, type AlertEventPayloads, type AlertRaised } from '@lorawatch/domain/alert.events';
import { AssetAttributeEventTypes, type AssetAttributeEventPayloads } from '@lorawatch/assets';
import type { AssetRef } from '@lorawatch/assets';
import type { IssueAsset, IssueClearance } from '@lorawatch/detectors/detector-step';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import { deviceNumericId, gatewayNumericId } from '@lorawatch/domain/asset-id';
import type { EventCause } from '@lorawatch/domain/event-envelope';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { IssueEventTypes, type IssueAssetRef, type IssueEventPayloads } from '@lorawatch/domain/issue.events';
import type { Projection } from '@lorawatch/projections/projection';
import type { ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';
import { TagEventTypes, type TagEventPayloads } from '@lorawatch/tags';
import {
  alertKey,
  assetKey,
  assetTypeKey,
  AUDIT_ALERTS,
  AUDIT_EVENTS,
  AUDIT_KEYS,
  ORGANIZATION_KEY,
  type AuditAlertView,
  type AuditAssetType,
  type AuditEventView,
  type AuditKeyView,
} from './audit-event.view';
import { recordedOf } from '@lorawatch/event-store/typed-events';

/** The events an organisation's history lists: what happened to its assets and alerts, and who or what did it. */
export const AUDITED_EVENT_TYPES: readonly string[] = [
  AlertEventTypes.Raised,
  AlertEventTypes.Resolved,
  IssueEventTypes.Opened,
  IssueEventTypes.Recurred,
  IssueEventTypes.ConditionCleared,
  IssueEventTypes.Closed,
  AssetAttributeEventTypes.ImportanceSet,
  AssetAttributeEventTypes.HidingSet,
  TagEventTypes.Assigned,
  TagEventTypes.Unassigned,
];

interface AssetOfEvent {
  type: AuditAssetType;
  id: number;
}

/** What an event is about: its assets and its alerts (API ids). */
interface Subjects {
  assets: AssetOfEvent[];
  alerts: number[];
}

/**
 * The auditors' index of the event history (docs/api.md, "History of one thing"): a copy of each audited event of an
 * organisation, filed under the organisation, the kinds of assets, the assets and the alerts it concerns, with its
 * position, so that the history of one thing is read from an index and never from the event store.
 */
export const auditEventsProjection: Projection = {
  name: 'audit_events',
  // 2: the index rows carry the recorded time, which `from` and `to` bound.
  version: 2,
  collections: [AUDIT_EVENTS, AUDIT_KEYS, AUDIT_ALERTS],
  eventTypes: [...AUDITED_EVENT_TYPES],
  async project(event: RecordedEvent, store: ReadStore): Promise<WriteOp[]> {
    const organizationId = event.metadata.organizationId;
    if (organizationId === null || organizationId === undefined) return [];
    const ops: WriteOp[] = [];
    const subjects = await subjectsOf(event, store, ops);
    const recordedAt = isoTime(event.recordedAt) ?? event.recordedAt;
    const time = isoTime(event.metadata.occurredAt) ?? recordedAt;
    const doc: AuditEventView = {
      id: String(event.position),
      position: event.position,
      organizationId,
      time,
      recordedAt,
      type: event.type,
      stream: event.streamId,
      data: event.data,
      cause: causeOf(event.metadata.cause),
    };
    ops.push({ op: 'upsert', collection: AUDIT_EVENTS.name, doc });
    const keys = new Set<string>([ORGANIZATION_KEY]);
    for (const asset of subjects.assets) {
      keys.add(assetTypeKey(asset.type));
      keys.add(assetKey(asset.type, asset.id));
    }
    for (const alert of subjects.alerts) keys.add(alertKey(alert));
    for (const key of keys) {
      const row: AuditKeyView = {
        id: `${event.position}|${key}`,
        organizationId,
        key,
        position: event.position,
        type: event.type,
        time,
        recordedAt,
      };
      ops.push({ op: 'upsert', collection: AUDIT_KEYS.name, doc: row });
    }
    return ops;
  },
};

/**
 * The issue events with a clearance's payload. Their contract is the domain's, and a clearance's payload the
 * detectors' (IssueClearance), both beneath the contexts: the audit reads them without depending on the issues.
 */
type AuditedIssuePayloads = IssueEventPayloads & { [IssueEventTypes.ConditionCleared]: IssueClearance };

/** The audited events whose payload names the assets or alerts they concern. */
type AuditedSubjectPayloads = AlertEventPayloads &
  AuditedIssuePayloads &
  AssetAttributeEventPayloads &
  Pick<TagEventPayloads, typeof TagEventTypes.Assigned | typeof TagEventTypes.Unassigned>;

async function subjectsOf(recorded: RecordedEvent, store: ReadStore, ops: WriteOp[]): Promise<Subjects> {
  const event = recordedOf<AuditedSubjectPayloads>(recorded);
  switch (event.type) {
    case AlertEventTypes.Raised: {
      const alert = event.data;
      const asset = assetOfAlert(alert);
      const remembered: AuditAlertView = {
        id: alert.id,
        numericId: event.position,
        assetType: asset?.type ?? null,
        assetId: asset?.id ?? null,
      };
      ops.push({ op: 'upsert', collection: AUDIT_ALERTS.name, doc: remembered });
      return { assets: asset ? [asset] : [], alerts: [event.position] };
    }
    case AlertEventTypes.Resolved:
      return alertsSubjects(store, [event.data.alertId]);
    case IssueEventTypes.Opened: {
      const opened = event.data;
      const subjects = await alertsSubjects(store, [opened.alertId]);
      return withAsset(subjects, assetOfIssue(opened.dataSourceId, opened.asset));
    }
    case IssueEventTypes.Recurred: {
      const recurred = event.data;
      // The issue's id is its opening alert's: a recurrence belongs to both alerts.
      return alertsSubjects(store, [recurred.issueId, recurred.alertId]);
    }
    case IssueEventTypes.Closed:
      return alertsSubjects(store, [event.data.alertId]);
    case IssueEventTypes.ConditionCleared: {
      const cleared = event.data;
      const asset = assetOfIssue(cleared.dataSourceId, cleared.asset);
      return { assets: asset ? [asset] : [], alerts: [] };
    }
    case AssetAttributeEventTypes.ImportanceSet:
    case AssetAttributeEventTypes.HidingSet:
    case TagEventTypes.Assigned:
    case TagEventTypes.Unassigned:
      return { assets: refsOf(event.data.assets), alerts: [] };
    default:
      return { assets: [], alerts: [] };
  }
}

/** The alerts (by document id) as the API numbers them, with their assets. */
async function alertsSubjects(store: ReadStore, alertIds: string[]): Promise<Subjects> {
  const subjects: Subjects = { assets: [], alerts: [] };
  const alerts = store.collection<AuditAlertView>(AUDIT_ALERTS);
  for (const id of new Set(alertIds)) {
    const alert = await alerts.get(id);
    if (!alert) continue;
    subjects.alerts.push(alert.numericId);
    if (alert.assetType !== null && alert.assetId !== null)
      withAsset(subjects, { type: alert.assetType, id: alert.assetId });
  }
  return subjects;
}

function withAsset(subjects: Subjects, asset: AssetOfEvent | null): Subjects {
  if (asset && !subjects.assets.some((known) => known.type === asset.type && known.id === asset.id))
    subjects.assets.push(asset);
  return subjects;
}

/**
 * Gateway alert types are about the gateway, the others about the device; the notices of a closed issue follow
 * the type they solved (as the asset's alert list reads them).
 */
function assetOfAlert(alert: AlertRaised): AssetOfEvent | null {
  const type = alertTypeByCode(alert.code);
  let kind = type?.forAssetType ?? 'DEVICE';
  if (kind === 'LOOK_IN_ALERT_PARAMS') {
    const solved = alert.parameters.alert_solved_type;
    kind = (typeof solved === 'string' && alertTypeByCode(solved)?.forAssetType) || 'DEVICE';
  }
  if (kind === 'GATEWAY') {
    const id = gatewayNumericId(alert.dataSourceId, alert.gateway);
    return id === null ? null : { type: 'gateway', id };
  }
  const id = deviceNumericId(alert.dataSourceId, alert.devEui, alert.devAddr);
  return id === null ? null : { type: 'device', id };
}

function assetOfIssue(dataSourceId: number, asset: IssueAsset | IssueAssetRef): AssetOfEvent | null {
  if (asset.type === 'GATEWAY') {
    const id = gatewayNumericId(dataSourceId, asset.gateway);
    return id === null ? null : { type: 'gateway', id };
  }
  const id = deviceNumericId(dataSourceId, asset.devEui, asset.devAddr);
  return id === null ? null : { type: 'device', id };
}

function refsOf(refs: AssetRef[] | undefined): AssetOfEvent[] {
  const assets: AssetOfEvent[] = [];
  for (const ref of refs ?? []) withAsset({ assets, alerts: [] }, { type: ref.type, id: ref.numericId });
  return assets;
}

/** Only the causes this release knows how to show; anything else reads as none. */
function causeOf(cause: EventCause | undefined): EventCause | null {
  if (!cause || typeof cause !== 'object') return null;
  if (cause.kind === 'packet' || cause.kind === 'user') return cause;
  return null;
}

/** Times in one form (ISO 8601 UTC with milliseconds), so that they compare as text. */
function isoTime(value: string | undefined): string | null {
  if (typeof value !== 'string') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

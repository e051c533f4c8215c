import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import { deviceNumericId } from '@lorawatch/domain/asset-id';
import type { AlertView } from '@lorawatch/domain/alert.view';
import { alertJson } from '@lorawatch/alerts';
import { alertTypeJson } from '@lorawatch/domain/alert-type.json';
import type { IssueView } from '../projection/issue.view';

/** A quarantine record (docs/api.md §7) with the full opening alert and its type. */
export function issueJson(issue: IssueView, alert: AlertView | null, dataSourceName: string | null) {
  const type = alertTypeByCode(issue.code);
  return {
    id: issue.numericId,
    organization_id: issue.organizationId,
    // The issue follows its asset's importance as the alert does; its own copy answers even while the alert lags.
    alert: alert
      ? { ...alertJson(alert, dataSourceName, true), asset_importance: issue.assetImportance }
      : null,
    asset_importance: issue.assetImportance,
    alert_type: type ? alertTypeJson(type) : null,
    // The device's inventory id; gateway issues concern no device (their `device` is null).
    device_id:
      issue.asset.type === 'DEVICE'
        ? deviceNumericId(issue.dataSourceId, issue.asset.devEui, issue.asset.devAddr)
        : null,
    data_collector_id: issue.dataSourceId,
    data_collector_name: dataSourceName,
    parameters: {},
    since: issue.since,
    last_checked: issue.lastChecked,
    resolved_at: issue.resolvedAt,
    resolved_by_id: issue.resolvedBy?.userId ?? null,
    resolution_reason_id: issue.resolutionReasonId,
    resolution_comment: issue.resolutionComment,
  };
}

import type { Alert, AlertSummary } from '@lorawatch/contracts';
import { deviceNumericId, gatewayNumericId } from '@lorawatch/domain/asset-id';
import type { AlertView } from '@lorawatch/domain/alert.view';

/** API shape of an alert (docs/api.md §6); the short form is {id, type, created_at}. */
export function alertJson(alert: AlertView, dataSourceName: string | null, full: true): Alert;
export function alertJson(alert: AlertView, dataSourceName: string | null, full: false): AlertSummary;
export function alertJson(
  alert: AlertView,
  dataSourceName: string | null,
  full: boolean,
): Alert | AlertSummary;
export function alertJson(
  alert: AlertView,
  dataSourceName: string | null,
  full: boolean,
): Alert | AlertSummary {
  if (!full) return { id: alert.numericId, type: alert.code, created_at: alert.createdAt };
  return {
    id: alert.numericId,
    type: alert.code,
    risk: alert.risk,
    created_at: alert.createdAt,
    // The ids `inventory/{type}/{id}` and `resource_usage/{type}/{id}` accept, derived like the asset read model's.
    device_id: deviceNumericId(alert.dataSourceId, alert.devEui, alert.devAddr),
    data_collector_id: alert.dataSourceId,
    data_collector_name: dataSourceName,
    device_session_id: null,
    gateway_id: gatewayNumericId(alert.dataSourceId, alert.gateway),
    device_auth_id: null,
    parameters: alert.parameters,
    resolved: alert.resolved,
    resolved_at: alert.resolvedAt,
    resolution_comment: alert.resolutionComment,
    resolved_by_id: alert.resolvedById,
    resolved_by: alert.resolvedBy
      ? {
          id: alert.resolvedBy.userId,
          username: alert.resolvedBy.username,
          full_name: alert.resolvedBy.fullName,
        }
      : null,
    asset_importance: alert.assetImportance,
  };
}

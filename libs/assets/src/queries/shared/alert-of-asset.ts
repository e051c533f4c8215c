import { alertTypeJson } from '@lorawatch/domain/alert-type.json';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import type { AlertView } from '@lorawatch/domain/alert.view';
import type { AssetView } from '../../asset.view';
import { dateFormat } from './api-dates';

/** The alert as the 360° view reads it: the type as an object, DATE_FORMAT dates, the asset's own id. */
export function alertOfAsset(alert: AlertView, asset: AssetView, dataSourceName: string | null) {
  const type = alertTypeByCode(alert.code);
  return {
    id: alert.numericId,
    type: type ? alertTypeJson(type) : null,
    created_at: dateFormat(alert.createdAt),
    device_id: asset.type === 'device' ? asset.numericId : null,
    data_collector_id: alert.dataSourceId,
    data_collector_name: dataSourceName,
    device_session_id: null,
    gateway_id: asset.type === 'gateway' ? asset.numericId : null,
    device_auth_id: null,
    parameters: alert.parameters,
    resolved_at: dateFormat(alert.resolvedAt),
    resolved_by_id: alert.resolvedById,
    resolution_comment: alert.resolutionComment,
  };
}

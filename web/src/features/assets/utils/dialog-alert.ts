import type { Alert, AlertType } from '../../../lib/alerts/alert';
import type { AssetAlert } from '../types/asset-360';

/**
 * The 360 view's alerts carry their type as an object; the shared alert dialog reads the alerts-list shape (a
 * code) plus the type apart.
 */
export function dialogAlertOf(alert: AssetAlert): { alert: Alert; alertType: AlertType | null } {
  return {
    alert: {
      id: alert.id,
      type: alert.type?.code ?? '',
      created_at: alert.created_at,
      device_id: alert.device_id,
      gateway_id: alert.gateway_id,
      data_collector_id: alert.data_collector_id,
      data_collector_name: alert.data_collector_name,
      parameters: alert.parameters,
      resolved_at: alert.resolved_at,
      resolved_by: null,
      resolution_comment: alert.resolution_comment,
      asset_importance: alert.asset_importance ?? null,
    },
    alertType: alert.type,
  };
}

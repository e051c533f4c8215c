import type { Alert, AlertType } from './alerts';
import type { Importance, Risk } from './levels';

/** One current issue (quarantine record) of `GET quarantined_devices` (docs/api.md §7). */
export interface Issue {
  id: number;
  organization_id: number;
  /** The opening alert, with the issue's own copy of the asset's importance. */
  alert: Alert | null;
  asset_importance: Importance | null;
  alert_type: AlertType | null;
  /** The device's inventory id; null for gateway issues. */
  device_id: number | null;
  data_collector_id: number;
  data_collector_name: string | null;
  parameters: Record<string, unknown>;
  since: string;
  last_checked: string;
  resolved_at: string | null;
  resolved_by_id: number | null;
  resolution_reason_id: number | null;
  resolution_comment: string | null;
}

/** `group_by` values of `quarantined_devices/count`. */
export type IssueGrouping = 'alert_type_risk' | 'alert_type_name' | 'data_collector_name';

/** One answer row of a grouped issue count; only the fields of its grouping are present. */
export interface IssueGroupCount {
  count: number;
  alert_type_risk?: Risk | null;
  alert_type_id?: number | null;
  alert_type_name?: string | null;
  data_collector_id?: number | null;
  data_collector_name?: string | null;
}

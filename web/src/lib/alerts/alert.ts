import type { Importance, Risk } from '../levels';

/** Alert parameters; the well-known ones typed, the rest (per alert type) kept as-is. */
export interface AlertParameters {
  dev_eui?: string | null;
  dev_addr?: string | null;
  dev_name?: string | null;
  gateway?: string | null;
  gw_name?: string | null;
  dev_nonce?: number | string | null;
  packet_id?: number | string | null;
  packet_date?: string | null;
  [name: string]: unknown;
}

/** One item of `GET alerts?include_parameters=true` (docs/api.md §6, full alert). */
export interface Alert {
  id: number;
  /** Alert type code, e.g. 'LAF-001'. */
  type: string;
  created_at: string;
  device_id: number | null;
  gateway_id: number | null;
  data_collector_id: number | null;
  data_collector_name: string | null;
  parameters: AlertParameters | null;
  resolved_at: string | null;
  resolved_by: { id: number; username: string; full_name: string } | string | null;
  resolution_comment: string | null;
  asset_importance: Importance | null;
}

/** `GET alert_types` item. */
export interface AlertType {
  id: number;
  code: string;
  name: string;
  risk: Risk;
  message: string;
  description: string;
  technicalDescription: string | null;
  recommendedAction: string | null;
  parameters: Record<string, unknown> | null;
  /** Which kind of asset alerts of this type are about (absent in older answers: a device). */
  forAssetType?: 'DEVICE' | 'GATEWAY';
}

/** `new_alert` websocket payload; `alert` is present when the server sends the whole record. */
export interface NewAlertEvent {
  alert_id: number;
  alert?: Alert;
}

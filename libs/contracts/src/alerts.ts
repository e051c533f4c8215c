import type { Importance, Risk } from './levels';

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

/** Who resolved an alert. */
export interface AlertResolvedBy {
  id: number;
  username: string;
  full_name: string;
}

/** The short form of an alert (docs/api.md §6). */
export interface AlertSummary {
  id: number;
  /** Alert type code, e.g. 'LAF-001'. */
  type: string;
  created_at: string;
}

/** A full alert (docs/api.md §6): `GET alerts?include_parameters=true` items, `new_alert`'s `alert`. */
export interface Alert extends AlertSummary {
  risk: Risk;
  /** The id `inventory/device/{id}` accepts; null when the alert names no device. */
  device_id: number | null;
  data_collector_id: number;
  data_collector_name: string | null;
  device_session_id: null;
  /** The id `inventory/gateway/{id}` accepts; null when the alert names no gateway. */
  gateway_id: number | null;
  device_auth_id: null;
  parameters: AlertParameters;
  resolved: boolean;
  resolved_at: string | null;
  resolution_comment: string | null;
  resolved_by_id: number | null;
  resolved_by: AlertResolvedBy | null;
  asset_importance: Importance | null;
}

/** One parameter of an alert type (docs/console.md §3). */
export interface AlertParameterSchema {
  type: 'Integer' | 'Float';
  default: number;
  minimum?: number;
  maximum?: number;
  description: string;
}

/** Which kind of asset alerts of a type are about; LOOK_IN_ALERT_PARAMS: each alert's parameters say. */
export type AlertAssetType = 'DEVICE' | 'GATEWAY' | 'LOOK_IN_ALERT_PARAMS';

/** `GET alert_types` item. */
export interface AlertType {
  id: number;
  code: string;
  name: string;
  message: string;
  risk: Risk;
  description: string;
  technicalDescription: string;
  recommendedAction: string;
  forAssetType: AlertAssetType;
  parameters: Readonly<Record<string, AlertParameterSchema>>;
}

/** An alert of `GET inventory/{type}/{id}/alerts` and of an asset's issues: the type as an object, DATE_FORMAT dates. */
export interface AssetAlert {
  id: number;
  type: AlertType | null;
  created_at: string | null;
  /** The asset's own id when it is a device, else null. */
  device_id: number | null;
  data_collector_id: number;
  data_collector_name: string | null;
  device_session_id: null;
  /** The asset's own id when it is a gateway, else null. */
  gateway_id: number | null;
  device_auth_id: null;
  parameters: AlertParameters;
  resolved_at: string | null;
  resolved_by_id: number | null;
  resolution_comment: string | null;
}

/** Type codes of data sources (docs/console.md §3). */
export type DataSourceTypeCode =
  'chirpstack_collector' | 'chirpstack_v4_collector' | 'ttn_v3_collector' | 'ttn_collector';

export type DataSourceStatus = 'CONNECTED' | 'DISCONNECTED' | 'DISABLED';

export interface DataSourceType {
  id: number;
  type: DataSourceTypeCode;
  name: string;
}

export interface GatewayRef {
  gateway_id: string;
  gateway_name: string;
}

/** `GET data_collectors` item (docs/api.md §4, list shape). */
export interface DataSourceListItem {
  id: number;
  name: string;
  description: string;
  created_at: string;
  data_collector_type_id: number;
  type: DataSourceType | null;
  status: DataSourceStatus;
  verified: boolean;
  policy_id: number;
  gateway_id: string | null;
  gateway_name: string | null;
  gateways_list: GatewayRef[];
  region_id: number | null;
  /** What the collector cannot see, in the words to show (e.g. "no application events: per-device detectors limited"). */
  detector_coverage: string[];
}

/**
 * `GET data_collectors/{id}` and the `updated_data_collector` message: the list shape plus connection settings.
 * Secrets are never returned; the `*_set` flags say whether one is stored.
 */
export interface DataSource extends DataSourceListItem {
  ip: string | null;
  port: string | null;
  user: string | null;
  password_set: boolean;
  ssl: boolean;
  ca_cert: string | null;
  client_cert: string | null;
  client_key_set: boolean;
  gateway_api_key_set: boolean;
  custom_ip: boolean;
  organization_id: number;
  policy_name: string | null;
  topics: string[];
  last_error: string | null;
  lastMessage: string | null;
}

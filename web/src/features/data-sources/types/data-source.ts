import type { DataSourceType, GatewayRef } from '@lorawatch/contracts';

/** Data-source type codes, types and gateways as the API names them (docs/api.md §4). */
export type { DataSourceType, DataSourceTypeCode, GatewayRef } from '@lorawatch/contracts';

/** `GET data_collectors` item (docs/api.md §4, list shape). */
export interface DataSourceListItem {
  id: number;
  name: string;
  description: string | null;
  created_at: string;
  data_collector_type_id: number;
  type: DataSourceType | null;
  status: string;
  verified?: boolean;
  policy_id?: number;
  gateway_id: string | null;
  gateway_name: string | null;
  gateways_list?: GatewayRef[];
  region_id: number | null;
  /**
   * What the collector cannot see of the network, in the words to show (e.g. "no application events: per-device
   * detectors limited"); empty or absent when nothing is limited.
   */
  detector_coverage?: string[];
}

/**
 * `GET data_collectors/{id}`: the list shape plus connection settings. Secrets are never returned; the
 * `*_set` flags say whether one is stored (empty fields on save keep it).
 */
export interface DataSource extends DataSourceListItem {
  ip: string | null;
  port: string | null;
  user: string | null;
  password_set?: boolean;
  ssl: boolean;
  ca_cert: string | null;
  client_cert: string | null;
  client_key_set?: boolean;
  gateway_api_key_set?: boolean;
  custom_ip?: boolean;
  organization_id?: number;
  policy_id: number;
  policy_name: string | null;
  topics: string[];
  last_error?: string | null;
  lastMessage: string | null;
}

export interface DataSourceActivity {
  dataCollectorId: number;
  maxDate: string;
}

export interface TtnRegion {
  id: number;
  region?: string;
  name: string;
}

export interface TtnGateway {
  id: string;
  description: string;
}

/** A policy as the data-source form needs it (the policy select). */
export interface PolicyOption {
  id: number;
  name: string;
  isDefault?: boolean;
}

export interface DataSourceLogEvent {
  id: number;
  createdAt: string;
  type: string;
  parameters: Record<string, unknown> | null;
  user: { id: number; username: string; full_name: string } | null;
}

/** The create/update/test body (docs/api.md §4). */
export interface DataSourcePayload {
  name: string;
  description: string;
  data_collector_type_id: number;
  policy_id: number;
  ip?: string;
  port?: string;
  user?: string;
  password?: string;
  ssl: boolean;
  ca_cert?: string;
  client_cert?: string;
  client_key?: string;
  gateway_id?: string;
  gateway_name?: string;
  gateway_api_key?: string;
  region_id?: number;
  custom_ip?: boolean;
  /** MQTT topic filters; absent: the type's defaults. */
  topics?: string[];
}

/** `GET data_collectors/test`: still running (`haveResponse` false) or the outcome. */
export interface ConnectionTestReply {
  haveResponse: boolean;
  type: string;
  message: string;
}

/** Status colours (docs/console.md §4); other statuses show neutral. */
export const STATUS_COLORS: Record<string, string> = {
  CONNECTED: 'green',
  DISCONNECTED: 'red',
  DISABLED: 'gray',
};

/** Log event labels (docs/console.md §4). */
export const LOG_EVENT_LABELS: Record<string, string> = {
  CREATED: 'Created',
  UPDATED: 'Updated',
  DISCONNECTED: 'Connection lost',
  CONNECTED: 'Connected',
  ENABLED: 'Manually enabled',
  DISABLED: 'Manually disabled',
  RESTARTED: 'Restarted by system',
  FAILED_PARSING: 'Failed message parsing',
  DELETED: 'Deleted',
  FAILED_LOGIN: 'Failed login',
};

/** Log events shown as errors (docs/console.md §4). */
export const ERROR_LOG_EVENTS: ReadonlySet<string> = new Set([
  'DISCONNECTED',
  'FAILED_PARSING',
  'FAILED_LOGIN',
]);

export const FAILED_LOGIN_TEXT = 'Failed trying to login at TTN Server. Check data source credentials.';

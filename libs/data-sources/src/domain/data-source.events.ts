import type { DataSourceType } from '@lorawatch/domain/packet';
import { eventGuard, type RecordedOf } from '@lorawatch/event-store/typed-events';

/**
 * How a data source connects. Secrets (passwords, API keys, client keys) are sealed with AES-256-GCM before they
 * enter an event and are never returned by the API.
 */
export interface DataSourceSettings {
  name: string;
  description: string;
  typeId: number;
  type: DataSourceType;
  /** Broker or server host (an IP, a host name, or for TTN v3 a URL); null for cloud TTN v3. */
  host: string | null;
  port: number | null;
  username: string | null;
  passwordSealed: string | null;
  ssl: boolean;
  caCert: string | null;
  clientCert: string | null;
  clientKeySealed: string | null;
  topics: string[];
  policyId: number;
  /** TTN v3: region cluster id (1 eu1, 2 nam1, 3 au1) unless a local server is given. */
  regionId?: number | null;
  /** TTN v3: the gateways followed and the API key that reads their events. */
  gateways?: Array<{ gatewayId: string; gatewayName: string }>;
  gatewayApiKeySealed?: string | null;
}

/** Stream datasource-<id>. */
export interface DataSourceCreated extends DataSourceSettings {
  dataSourceId: number;
  organizationId: number;
}

export interface DataSourceUpdated extends DataSourceSettings {
  dataSourceId: number;
}

export interface DataSourceConnected {
  dataSourceId: number;
}

export interface DataSourceDisconnected {
  dataSourceId: number;
  error: string | null;
}

/** Enabled, disabled, deleted, restarted: the data source id is all they carry (the actor is in the metadata). */
export interface DataSourceChanged {
  dataSourceId: number;
}

/** Rate-limited: one event sums the malformed messages of a period, with the last reason. */
export interface DataSourceParsingFailed {
  dataSourceId: number;
  message: string;
  count: number;
}

export interface DataSourceLoginFailed {
  dataSourceId: number;
  message: string;
}

/**
 * What the data source's collector could not see, in the words the console shows (e.g. LIMITED_ATTRIBUTION of the
 * DeviceAddressBook: gateway traffic only, some join accepts or sessions not attributed to a device). Recorded when
 * it changes; empty when nothing is limited.
 */
export interface DataSourceLimitationsChanged {
  dataSourceId: number;
  limitations: string[];
}

export const DataSourceEventTypes = {
  Created: 'DataSourceCreated',
  Updated: 'DataSourceUpdated',
  Connected: 'DataSourceConnected',
  Disconnected: 'DataSourceDisconnected',
  Enabled: 'DataSourceEnabled',
  Disabled: 'DataSourceDisabled',
  Deleted: 'DataSourceDeleted',
  Restarted: 'DataSourceRestarted',
  ParsingFailed: 'DataSourceParsingFailed',
  LoginFailed: 'DataSourceLoginFailed',
  LimitationsChanged: 'DataSourceLimitationsChanged',
} as const;

/** Each data-source event type with its payload. */
export interface DataSourceEventPayloads {
  [DataSourceEventTypes.Created]: DataSourceCreated;
  [DataSourceEventTypes.Updated]: DataSourceUpdated;
  [DataSourceEventTypes.Connected]: DataSourceConnected;
  [DataSourceEventTypes.Disconnected]: DataSourceDisconnected;
  [DataSourceEventTypes.Enabled]: DataSourceChanged;
  [DataSourceEventTypes.Disabled]: DataSourceChanged;
  [DataSourceEventTypes.Deleted]: DataSourceChanged;
  [DataSourceEventTypes.Restarted]: DataSourceChanged;
  [DataSourceEventTypes.ParsingFailed]: DataSourceParsingFailed;
  [DataSourceEventTypes.LoginFailed]: DataSourceLoginFailed;
  [DataSourceEventTypes.LimitationsChanged]: DataSourceLimitationsChanged;
}
/** A data source's own stream. */
export const dataSourceStream = (dataSourceId: number): string => `datasource-${dataSourceId}`;

export type DataSourceEvent = RecordedOf<DataSourceEventPayloads>;
export const isDataSourceEvent = eventGuard<DataSourceEventPayloads>();

export type { DataSourceStatus } from '@lorawatch/domain/data-source.view';

/** The log's event types (docs/api.md §4), one per data-source event. */
export const LOG_TYPE_BY_EVENT: Record<string, string> = {
  [DataSourceEventTypes.Created]: 'CREATED',
  [DataSourceEventTypes.Updated]: 'UPDATED',
  [DataSourceEventTypes.Connected]: 'CONNECTED',
  [DataSourceEventTypes.Disconnected]: 'DISCONNECTED',
  [DataSourceEventTypes.Enabled]: 'ENABLED',
  [DataSourceEventTypes.Disabled]: 'DISABLED',
  [DataSourceEventTypes.Deleted]: 'DELETED',
  [DataSourceEventTypes.Restarted]: 'RESTARTED',
  [DataSourceEventTypes.ParsingFailed]: 'FAILED_PARSING',
  [DataSourceEventTypes.LoginFailed]: 'FAILED_LOGIN',
};

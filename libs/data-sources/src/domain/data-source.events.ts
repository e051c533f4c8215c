import type { DataSourceType } from '@lorawatch/domain/packet';

/** Events of a data source; stream datasource-<id>. Secrets are sealed (AES-256-GCM) before they enter an event. */
export interface DataSourceCreated {
  dataSourceId: number;
  organizationId: number;
  name: string;
  description: string;
  typeId: number;
  type: DataSourceType;
  host: string;
  port: number;
  username: string | null;
  passwordSealed: string | null;
  ssl: boolean;
  caCert: string | null;
  clientCert: string | null;
  clientKeySealed: string | null;
  topics: string[];
  policyId: number;
}

export interface DataSourceConnected {
  dataSourceId: number;
}

export interface DataSourceDisconnected {
  dataSourceId: number;
  error: string | null;
}

export const DataSourceEventTypes = {
  Created: 'DataSourceCreated',
  Connected: 'DataSourceConnected',
  Disconnected: 'DataSourceDisconnected',
} as const;

export type DataSourceStatus = 'CONNECTED' | 'DISCONNECTED' | 'DISABLED';

import type { DataSourceType } from './packet';

/** Whether a data source's collector is connected, or the data source is switched off. */
export type DataSourceStatus = 'CONNECTED' | 'DISCONNECTED' | 'DISABLED';

/**
 * Data sources read model, as every context reads it (the data-sources context writes it). Secrets are not in it:
 * only whether one is set.
 */
export interface DataSourceView {
  id: string;
  dataSourceId: number;
  organizationId: number;
  name: string;
  description: string;
  typeId: number;
  type: DataSourceType;
  host: string | null;
  port: number | null;
  username: string | null;
  hasPassword: boolean;
  ssl: boolean;
  caCert: string | null;
  clientCert: string | null;
  hasClientKey: boolean;
  topics: string[];
  policyId: number;
  regionId: number | null;
  gateways: Array<{ gatewayId: string; gatewayName: string }>;
  hasGatewayApiKey: boolean;
  status: DataSourceStatus;
  verified: boolean;
  createdAt: string;
  lastError: string | null;
  deleted: boolean;
  /**
   * What the collector cannot see of the network, as the console shows it (DataSourceLimitationsChanged); absent in
   * views built before it was kept, which read as none.
   */
  limitations?: string[];
}

export const DATA_SOURCES = {
  name: 'data_sources',
  indexes: [{ fields: ['organizationId'] }, { fields: ['policyId'] }],
};

import type { DataSourceType } from '@lorawatch/domain/packet';
import type { DataSourceSettings, DataSourceStatus } from '../domain/data-source.events';

/** Data sources read model. Secrets are not in it: only whether one is set. */
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

/** The settings part of the view, shared by creation and update. */
export function settingsView(settings: DataSourceSettings) {
  return {
    name: settings.name,
    description: settings.description,
    typeId: settings.typeId,
    type: settings.type,
    host: settings.host,
    port: settings.port,
    username: settings.username,
    hasPassword: settings.passwordSealed !== null,
    ssl: settings.ssl,
    caCert: settings.caCert,
    clientCert: settings.clientCert,
    hasClientKey: settings.clientKeySealed !== null,
    topics: settings.topics,
    policyId: settings.policyId,
    regionId: settings.regionId ?? null,
    gateways: settings.gateways ?? [],
    hasGatewayApiKey: (settings.gatewayApiKeySealed ?? null) !== null,
  };
}

import type { DataSourceType } from '@lorawatch/domain/packet';
import type { DataSourceStatus } from '../domain/data-source.events';

/** Data sources read model. Secrets are not in it: only whether one is set. */
export interface DataSourceView {
  id: string;
  dataSourceId: number;
  organizationId: number;
  name: string;
  description: string;
  typeId: number;
  type: DataSourceType;
  host: string;
  port: number;
  username: string | null;
  hasPassword: boolean;
  ssl: boolean;
  caCert: string | null;
  clientCert: string | null;
  hasClientKey: boolean;
  topics: string[];
  policyId: number;
  status: DataSourceStatus;
  verified: boolean;
  createdAt: string;
  lastError: string | null;
  deleted: boolean;
}

export const DATA_SOURCES = {
  name: 'data_sources',
  indexes: [{ fields: ['organizationId'] }, { fields: ['policyId'] }],
};

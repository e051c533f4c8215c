import type { DataSourceView } from '@lorawatch/domain/data-source.view';

/** A connected ChirpStack data source's read-model document bound to policy 1, for stores seeded without the API. */
export function connectedDataSource(fields: {
  dataSourceId: number;
  organizationId: number;
  name: string;
  createdAt: string;
}): DataSourceView {
  return {
    id: String(fields.dataSourceId),
    dataSourceId: fields.dataSourceId,
    organizationId: fields.organizationId,
    name: fields.name,
    description: '',
    typeId: 1,
    type: 'chirpstack_collector',
    host: null,
    port: null,
    username: null,
    hasPassword: false,
    ssl: false,
    caCert: null,
    clientCert: null,
    hasClientKey: false,
    topics: [],
    policyId: 1,
    regionId: null,
    gateways: [],
    hasGatewayApiKey: false,
    status: 'CONNECTED',
    verified: true,
    createdAt: fields.createdAt,
    lastError: null,
    deleted: false,
  };
}

import { dataSourceTypeById } from '../domain/data-source-types';
import type { DataSourceView } from '@lorawatch/domain/data-source.view';

/** API shape (docs/api.md §4) minus secrets: passwords and keys are never returned, only whether they are set. */
export function dataSourceListJson(view: DataSourceView) {
  const type = dataSourceTypeById(view.typeId);
  return {
    id: view.dataSourceId,
    name: view.name,
    description: view.description,
    created_at: view.createdAt,
    data_collector_type_id: view.typeId,
    type: type ? { id: type.id, type: type.type, name: type.name } : null,
    status: view.status,
    verified: view.verified,
    policy_id: view.policyId,
    gateway_id: view.gateways.map((gateway) => gateway.gatewayId).join(',') || null,
    gateway_name: view.gateways.map((gateway) => gateway.gatewayName).join(',') || null,
    gateways_list: view.gateways.map((gateway) => ({
      gateway_id: gateway.gatewayId,
      gateway_name: gateway.gatewayName,
    })),
    region_id: view.regionId,
    /** What the collector cannot see, e.g. "no application events: per-device detectors limited". */
    detector_coverage: view.limitations ?? [],
  };
}

export function dataSourceJson(
  view: DataSourceView,
  policyName: string | null,
  lastMessage: string | null = null,
) {
  return {
    ...dataSourceListJson(view),
    ip: view.host,
    port: view.port === null ? null : String(view.port),
    user: view.username,
    password_set: view.hasPassword,
    ssl: view.ssl,
    ca_cert: view.caCert,
    client_cert: view.clientCert,
    client_key_set: view.hasClientKey,
    gateway_api_key_set: view.hasGatewayApiKey,
    custom_ip: view.type === 'ttn_v3_collector' && view.host !== null,
    organization_id: view.organizationId,
    policy_name: policyName,
    topics: view.topics,
    last_error: view.lastError,
    lastMessage,
  };
}

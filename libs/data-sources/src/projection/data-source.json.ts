import { dataSourceListJson } from '@lorawatch/domain/data-source.json';
import type { DataSourceView } from '@lorawatch/domain/data-source.view';

/** API shape of one data source (docs/api.md §4): the list's, with its settings; secrets only as whether they are set. */
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

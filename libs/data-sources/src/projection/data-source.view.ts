import type { DataSourceSettings } from '../domain/data-source.events';

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

import type { SecretBox } from '@lorawatch/platform/secret-box';
import type { DataSourceSettings } from '../../domain/data-source.events';
import type { DataSourceTypeInfo } from '../../domain/data-source-types';
import { TTN_REGIONS } from '../../domain/ttn-regions';
import type { DataSourceRequest } from './data-source-request.dto';

export class InvalidDataSource extends Error {}

/**
 * Turns a create/update/test body into settings, applying the rules that depend on the type (console part 2 §5):
 * ChirpStack needs a host and a port; TTN v3 needs its gateways, an API key, and a region or a local server.
 * Secrets left empty keep the previous value (the API never shows them); null clears them.
 */
export function settingsFromRequest(
  request: DataSourceRequest,
  type: DataSourceTypeInfo,
  policyId: number,
  secrets: SecretBox,
  previous: DataSourceSettings | null,
): DataSourceSettings {
  const keep = (given: string | null | undefined, sealed: string | null | undefined): string | null =>
    given === undefined ? (sealed ?? null) : given === null ? null : secrets.seal(given);
  const base: DataSourceSettings = {
    name: request.name.trim(),
    description: request.description ?? '',
    typeId: type.id,
    type: type.type,
    host: request.ip?.trim() ?? null,
    port: request.port ?? null,
    username: request.user ?? null,
    passwordSealed: keep(request.password, previous?.passwordSealed),
    ssl: request.ssl ?? false,
    caCert: request.ca_cert ?? null,
    clientCert: request.client_cert ?? null,
    clientKeySealed: keep(request.client_key, previous?.clientKeySealed),
    topics: request.topics && request.topics.length > 0 ? request.topics : type.defaultTopics,
    policyId,
    regionId: null,
    gateways: [],
    gatewayApiKeySealed: null,
  };
  if (type.type === 'ttn_v3_collector')
    return ttnV3Settings(request, base, keep(request.gateway_api_key, previous?.gatewayApiKeySealed));
  if (type.type === 'ttn_collector') return ttnV2Settings(request, base);
  if (base.host === null) throw new InvalidDataSource('IP invalid');
  if (base.port === null) throw new InvalidDataSource('Port invalid');
  return base;
}

function ttnV3Settings(
  request: DataSourceRequest,
  base: DataSourceSettings,
  apiKeySealed: string | null,
): DataSourceSettings {
  const ids = (request.gateway_id ?? '').split(',').filter(Boolean);
  if (ids.length === 0) throw new InvalidDataSource('Missing gateway_id');
  const names = request.gateway_name ? request.gateway_name.split(',').map((name) => name.trim()) : ids;
  if (names.length !== ids.length)
    throw new InvalidDataSource('gateway_name must name each gateway of gateway_id');
  if (names.some((name) => name.length === 0 || name.length > 36)) {
    throw new InvalidDataSource('Gateway name field too long. Max is 36 characters.');
  }
  if (apiKeySealed === null) throw new InvalidDataSource('Missing gateway_api_key');
  const gateways = ids.map((gatewayId, index) => ({ gatewayId, gatewayName: names[index] }));
  if (request.custom_ip) {
    if (base.host === null) throw new InvalidDataSource('URL invalid');
    if (base.port === null) throw new InvalidDataSource('Port invalid');
    return { ...base, topics: [], gateways, gatewayApiKeySealed: apiKeySealed, regionId: null };
  }
  if (!TTN_REGIONS.some((region) => region.id === request.region_id))
    throw new InvalidDataSource('Invalid region_id');
  return {
    ...base,
    host: null,
    port: null,
    topics: [],
    gateways,
    gatewayApiKeySealed: apiKeySealed,
    regionId: request.region_id ?? null,
  };
}

/** TTN v2: the account (user, password), its selected gateways, and the server (the public one no longer exists). */
function ttnV2Settings(request: DataSourceRequest, base: DataSourceSettings): DataSourceSettings {
  if (!base.username) throw new InvalidDataSource('Missing user');
  if (base.passwordSealed === null) throw new InvalidDataSource('Missing password');
  if (base.host === null) throw new InvalidDataSource('URL invalid');
  const ids = (request.gateway_id ?? '').split(',').filter(Boolean);
  if (ids.length === 0) throw new InvalidDataSource('Select at least one gateway');
  const names = request.gateway_name ? request.gateway_name.split(',').map((name) => name.trim()) : ids;
  if (names.length !== ids.length)
    throw new InvalidDataSource('gateway_name must name each gateway of gateway_id');
  return {
    ...base,
    topics: [],
    gateways: ids.map((gatewayId, index) => ({ gatewayId, gatewayName: names[index] })),
  };
}

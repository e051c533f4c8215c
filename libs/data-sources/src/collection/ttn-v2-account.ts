import type { TtnV2Account } from '@lorawatch/ingest';
import type { SecretBox } from '@lorawatch/platform/secret-box';
import type { DataSourceSettings } from '../domain/data-source.events';
import { serverBaseUrl } from '../domain/ttn-regions';

/** The TTN v2 account of a data source, password opened. */
export function ttnV2AccountOf(settings: DataSourceSettings, secrets: SecretBox): TtnV2Account {
  return {
    baseUrl: serverBaseUrl({ host: settings.host ?? '', port: settings.port, ssl: settings.ssl }),
    username: settings.username ?? '',
    password: settings.passwordSealed ? secrets.open(settings.passwordSealed) : '',
    gatewayIds: (settings.gateways ?? []).map((gateway) => gateway.gatewayId),
  };
}

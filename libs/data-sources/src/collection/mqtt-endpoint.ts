import type { SecretBox } from '@lorawatch/platform/secret-box';
import type { DataSourceSettings } from '../domain/data-source.events';

/**
 * How to reach a data source's broker, secrets opened. TLS material is passed only when SSL is on: mqtt.js
 * would otherwise switch a plain mqtt:// connection to TLS by itself as soon as it sees a client key.
 */
export function mqttEndpointOf(settings: DataSourceSettings, secrets: SecretBox) {
  const tls = settings.ssl
    ? {
        ca: settings.caCert ?? undefined,
        cert: settings.clientCert ?? undefined,
        key: settings.clientKeySealed ? secrets.open(settings.clientKeySealed) : undefined,
      }
    : {};
  return {
    host: settings.host ?? '',
    port: settings.port ?? 0,
    ssl: settings.ssl,
    username: settings.username ?? undefined,
    password: settings.passwordSealed ? secrets.open(settings.passwordSealed) : undefined,
    ...tls,
  };
}

import type { IClientOptions } from 'mqtt';

/**
 * Resolves a host once and says which address a connection may go to; throws when it may not (the egress policy
 * of the server). Without one, mqtt.js resolves the name itself.
 */
export type EgressCheck = (host: string, port: number) => Promise<{ address: string }>;

export type BrokerTarget = Pick<IClientOptions, 'protocol' | 'host' | 'hostname' | 'port' | 'servername'>;

/**
 * Where mqtt.js connects for a broker URL: the address the egress check resolved, with the host name kept as the
 * TLS server name (certificate checks and SNI), so that the connection goes where the check looked.
 */
export async function brokerTarget(url: string, egress: EgressCheck | undefined): Promise<BrokerTarget> {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'mqtts:';
  const port = parsed.port === '' ? (secure ? 8883 : 1883) : Number(parsed.port);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const address = egress ? (await egress(host, port)).address : host;
  return {
    protocol: secure ? 'mqtts' : 'mqtt',
    host: address,
    hostname: address,
    port,
    ...(secure && address !== host ? { servername: host } : {}),
  };
}

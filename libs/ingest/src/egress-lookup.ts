import { isIP, type LookupFunction } from 'node:net';

/**
 * The server's egress policy as a `lookup` for node:http/https, for a connection to `port`: it resolves the host
 * once, refuses addresses the policy does not allow, and pins the connection to the address it checked.
 */
export type EgressLookup = (port: number) => LookupFunction;

/** The port a request to this URL connects to. */
export function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/**
 * node:net does not call `lookup` for a host given as an IP address: such a URL is checked here, before the
 * request. Resolves to the refusal, or null when the connection may go ahead.
 */
export function refusedAddress(url: URL, egress: EgressLookup | undefined): Promise<Error | null> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (egress === undefined || isIP(host) === 0) return Promise.resolve(null);
  return new Promise((resolve) => egress(portOf(url))(host, {}, (error) => resolve(error ?? null)));
}

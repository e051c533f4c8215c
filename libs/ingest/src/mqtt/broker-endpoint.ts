/** A broker given as a URL, or as host, port and TLS flag (as the data-source form stores it). */
export type BrokerEndpoint = { url: string } | { host: string; port: number; ssl?: boolean };

const SUPPORTED_PROTOCOLS = new Set(['mqtt:', 'mqtts:']);

/** Validates at start-up, so a bad data-source setting fails loudly instead of retrying forever. */
export function brokerUrl(endpoint: BrokerEndpoint): string {
  const url =
    'url' in endpoint
      ? endpoint.url
      : `${endpoint.ssl ? 'mqtts' : 'mqtt'}://${endpoint.host}:${endpoint.port}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`invalid broker URL: ${url}`);
  }
  if (!SUPPORTED_PROTOCOLS.has(parsed.protocol)) {
    throw new Error(`broker URL must start with mqtt:// or mqtts://, got ${url}`);
  }
  if (parsed.hostname === '') throw new Error(`broker URL has no host: ${url}`);
  return url;
}

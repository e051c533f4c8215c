import type { EgressLookup } from '../egress-lookup';
import { isTtsGatewayId } from './ttn-v3-gateway';

/** Where and as whom a collector reads the Events stream. */
export interface TtnV3Endpoint {
  /** A cluster (`https://eu1.cloud.thethings.network`) or a self-hosted server, with its port when not the default. */
  baseUrl: string;
  /** TTS gateway IDs (`eui-b827ebfffe8db887`, or a custom name), not EUIs. */
  gatewayIds: readonly string[];
  /** A gateway, user or organisation API key with RIGHT_GATEWAY_TRAFFIC_READ and RIGHT_GATEWAY_STATUS_READ. */
  apiKey: string;
  /** The server's egress policy; without one, node resolves and connects as it likes. */
  egress?: EgressLookup;
}

/** The validated request: checked once at start-up, so a bad setting fails loudly instead of retrying forever. */
export interface TtnV3StreamTarget {
  url: URL;
  gatewayIds: readonly string[];
  apiKey: string;
  egress?: EgressLookup;
}

const API_KEY = /^[\x21-\x7e]+$/;

export function ttnV3StreamTarget(endpoint: TtnV3Endpoint): TtnV3StreamTarget {
  return {
    url: ttnV3EventsUrl(endpoint.baseUrl),
    gatewayIds: checkedGatewayIds(endpoint.gatewayIds),
    apiKey: checkedApiKey(endpoint.apiKey),
    egress: endpoint.egress,
  };
}

/** `{base}/api/v3/events`; a base with a path (a reverse proxy's prefix) keeps it. */
export function ttnV3EventsUrl(baseUrl: string): URL {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new Error(`invalid TTN server URL: ${baseUrl}`);
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw new Error(`TTN server URL must start with https:// or http://, got ${baseUrl}`);
  }
  if (base.hostname === '') throw new Error(`TTN server URL has no host: ${baseUrl}`);
  if (base.username !== '' || base.password !== '') {
    throw new Error('TTN server URL must not carry credentials: the API key authenticates');
  }
  base.search = '';
  base.hash = '';
  if (!base.pathname.endsWith('/')) base.pathname = `${base.pathname}/`;
  return new URL('api/v3/events', base);
}

function checkedGatewayIds(gatewayIds: readonly string[]): readonly string[] {
  if (gatewayIds.length === 0) throw new Error('a TTN v3 collector needs at least one gateway ID');
  for (const id of gatewayIds) {
    if (!isTtsGatewayId(id)) {
      throw new Error(
        `invalid TTS gateway ID "${id}": 3 to 36 lowercase letters, digits and single dashes, e.g. eui-b827ebfffe8db887`,
      );
    }
  }
  return [...new Set(gatewayIds)];
}

function checkedApiKey(apiKey: string): string {
  if (!API_KEY.test(apiKey)) throw new Error('the TTN API key is empty or has spaces or control characters');
  return apiKey;
}

/** The StreamEventsRequest body; `after` asks a server that keeps history for what a reconnection missed. */
export function ttnV3StreamRequestBody(gatewayIds: readonly string[], after?: string): string {
  return JSON.stringify({
    identifiers: gatewayIds.map((gatewayId) => ({ gateway_ids: { gateway_id: gatewayId } })),
    ...(after === undefined ? {} : { after }),
  });
}

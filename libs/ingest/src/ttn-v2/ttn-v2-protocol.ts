/**
 * TTN v2 gateway traffic: our own protocol.
 *
 * The public TTN v2 network and its console API were switched off on 2021-12-08 (docs/wire-formats.md §6); RoLaGuard
 * read gateway traffic from the console's websocket, which is gone. LoRaWatch therefore defines the flow
 * itself, against a configurable server (a private v2 installation behind a small adapter, or the local peer
 * in libs/simulator/src/ttn-v2-peer.ts). All paths are relative to the configured base URL:
 *
 * - `POST /api/v2/login`, JSON `{"username", "password"}` → 200 `{"access_token": "<token>"}`; 401 (or 403)
 *   when the credentials are refused.
 * - `GET /api/v2/gateways`, `Authorization: Bearer <token>` → 200 `[{"id", "description"}]`: the gateways of
 *   the account; 401 for an unknown or expired token.
 * - `GET /api/v2/gateways/traffic?ids=<id>,<id>`, `Authorization: Bearer <token>` → 200 and a never-ending
 *   newline-delimited JSON stream, one frame per line; 401 for a bad token, 403 for a gateway that is not the
 *   account's. A frame is `{"type", "gateway_id", …}` with `type` one of `gateway uplink`, `gateway downlink`,
 *   `gateway join request`, `gateway join accept`, `gateway status`, and the console's fields (§6):
 *   `payload` (base64 PHYPayload; none for a status), `snr`, `rssi`, `frequency` (MHz), `data_rate`
 *   (`"SF7BW125"`), `coding_rate` (`"4/5"`), `timestamp` (concentrator counter, µs), `time` (RFC 3339),
 *   optionally `dev_eui`; a status has `latitude`, `longitude`, `altitude` instead of a frame.
 *
 * The server may omit null, zero and empty values, as v2 did.
 */
export const TTN_V2_SOURCE = 'ttn_collector';

export const TTN_V2_LOGIN_PATH = 'api/v2/login';
export const TTN_V2_GATEWAYS_PATH = 'api/v2/gateways';
export const TTN_V2_TRAFFIC_PATH = 'api/v2/gateways/traffic';

export const TTN_V2_FRAME_TYPES = [
  'gateway uplink',
  'gateway downlink',
  'gateway join request',
  'gateway join accept',
  'gateway status',
] as const;

export type TtnV2FrameType = (typeof TTN_V2_FRAME_TYPES)[number];

/** Names the stream in `onMalformed` when a frame has no usable type. */
export const TTN_V2_STREAM_TOPIC = '/api/v2/gateways/traffic';

/** TTN v2 IDs (`ttn-herengracht-ams`, `eui-b827ebfffe8db887`): lowercase letters, digits, single `-` or `_`. */
const TTN_V2_ID = /^[0-9a-z](?:[_-]?[0-9a-z]){1,35}$/;

export function isTtnV2GatewayId(id: string): boolean {
  return TTN_V2_ID.test(id);
}

/** `{base}/<path>`; a base with a path (a reverse proxy's prefix) keeps it. Throws on a bad setting. */
export function ttnV2Url(baseUrl: string, path: string): URL {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new Error(`invalid TTN v2 server URL: ${baseUrl}`);
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw new Error(`TTN v2 server URL must start with https:// or http://, got ${baseUrl}`);
  }
  if (base.hostname === '') throw new Error(`TTN v2 server URL has no host: ${baseUrl}`);
  if (base.username !== '' || base.password !== '') {
    throw new Error(
      'TTN v2 server URL must not carry credentials: username and password are separate settings',
    );
  }
  base.search = '';
  base.hash = '';
  if (!base.pathname.endsWith('/')) base.pathname = `${base.pathname}/`;
  return new URL(path, base);
}

/** The traffic URL for the given gateways; checked once, so a bad setting fails loudly instead of retrying. */
export function ttnV2TrafficUrl(baseUrl: string, gatewayIds: readonly string[]): URL {
  const ids = [...new Set(gatewayIds)];
  if (ids.length === 0) throw new Error('a TTN v2 collector needs at least one gateway ID');
  for (const id of ids) {
    if (!isTtnV2GatewayId(id)) {
      throw new Error(`invalid TTN v2 gateway ID "${id}": lowercase letters, digits, single - or _`);
    }
  }
  const url = ttnV2Url(baseUrl, TTN_V2_TRAFFIC_PATH);
  url.searchParams.set('ids', ids.join(','));
  return url;
}

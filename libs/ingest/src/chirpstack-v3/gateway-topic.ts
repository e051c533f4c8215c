/**
 * A ChirpStack gateway topic: `gateway/{id}/{rest}`. Matched on the `gateway/` segment rather than on the
 * whole string because the topic templates are configurable (some set-ups add a prefix).
 */
export interface GatewayTopic {
  /** The topic's id segment as a lowercase 16-hex-digit EUI, or null when it is not one. */
  gatewayEui: string | null;
  /** The part after the id: `event/up`, `command/down`, legacy `rx`, ... */
  kind: string;
}

const GATEWAY_TOPIC = /(?:^|\/)gateway\/([^/]+)\/(.+)$/;
const EUI_HEX = /^[0-9a-fA-F]{16}$/;

export function parseGatewayTopic(topic: string): GatewayTopic | undefined {
  const match = GATEWAY_TOPIC.exec(topic);
  if (!match) return undefined;
  const [, id, kind] = match;
  return { gatewayEui: EUI_HEX.test(id) ? id.toLowerCase() : null, kind };
}

export function isEuiHex(text: string): boolean {
  return EUI_HEX.test(text);
}

import type { IngestOutcome } from '../ingest-outcome';
import { MalformedMessage } from '../malformed-message';
import { requireGateway } from './gateway-eui';
import type { GatewayMessage } from './gateway-message';

/**
 * `…/gateway/{id}/state/conn`: ConnState, published retained by the bridge (its last will says OFFLINE).
 * Proto3 JSON may spell the enum by name or number, and omits it when it is the default, OFFLINE (0).
 */
export function parseConnState(message: GatewayMessage): IngestOutcome {
  const { json, dialect } = message;
  const gateway = requireGateway(dialect.readMessageGateway(json), message.topicGateway);
  const state = json.state ?? 'OFFLINE';
  if (state === 'ONLINE' || state === 1) return { kind: 'gateway', gateway, online: true };
  if (state === 'OFFLINE' || state === 0) return { kind: 'gateway', gateway, online: false };
  throw new MalformedMessage('state must be ONLINE or OFFLINE');
}

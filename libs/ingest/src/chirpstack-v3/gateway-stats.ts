import type { IngestOutcome } from '../ingest-outcome';
import { readGatewayLocation } from '../gateway-location';
import { optionalObject } from '../json-fields';
import { readBase64GatewayEui, requireGateway } from './gateway-eui';
import type { GatewayMessage } from './gateway-message';

/** `gateway/{id}/event/stats`: GatewayStats. Only GPS-equipped gateways report a location (wire-formats §3.5). */
export function parseV3GatewayStats(message: GatewayMessage): IngestOutcome {
  const { json } = message;
  const gateway = requireGateway(readBase64GatewayEui(json, 'gatewayID', ''), message.topicGateway);
  const location = readGatewayLocation(optionalObject(json, 'location', ''), 'location');
  return location ? { kind: 'gateway', gateway, location } : { kind: 'gateway', gateway };
}

import type { IngestOutcome } from '../ingest-outcome';
import { readGatewayLocation } from '../gateway-location';
import { optionalObject } from '../json-fields';
import { requireGateway } from './gateway-eui';
import type { GatewayMessage } from './gateway-message';

/**
 * `…/gateway/{id}/event/stats`: GatewayStats. Only GPS-equipped gateways report a location (wire-formats
 * §3.5, §4.4).
 */
export function parseGatewayStats(message: GatewayMessage): IngestOutcome {
  const { json, dialect } = message;
  const gateway = requireGateway(dialect.readMessageGateway(json), message.topicGateway);
  const location = readGatewayLocation(optionalObject(json, 'location', ''), 'location');
  return location ? { kind: 'gateway', gateway, location } : { kind: 'gateway', gateway };
}

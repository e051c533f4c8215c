import type { IngestOutcome } from '../ingest-outcome';
import { readGatewayLocation } from '../gateway-location';
import { asObject, optionalArray, optionalString } from '../json-fields';
import { MalformedMessage } from '../malformed-message';
import { quoted } from './quoted';
import type { TtnV3Envelope } from './ttn-v3-envelope';

const GATEWAY_STATUS = 'type.googleapis.com/ttn.lorawan.v3.GatewayStatus';

/**
 * `gs.status.receive`: GatewayStatus. `antenna_locations` is present only when the gateway reports its own
 * (GPS) position; the first antenna stands for the gateway (docs/wire-formats.md §5.5).
 */
export function parseTtnV3GatewayStatus(envelope: TtnV3Envelope): IngestOutcome {
  const gateway = requireGateway(envelope);
  const data = envelope.data;
  if (data === undefined) throw new MalformedMessage(`${envelope.name} has no data`);
  const type = optionalString(data, '@type', 'data');
  if (type !== undefined && type !== GATEWAY_STATUS) {
    throw new MalformedMessage(`data.@type ${quoted(type)} is not a gateway status`);
  }
  const antennas = optionalArray(data, 'antenna_locations', 'data') ?? [];
  const location =
    antennas.length > 0
      ? readGatewayLocation(asObject(antennas[0], 'data.antenna_locations[0]'), 'data.antenna_locations[0]')
      : undefined;
  return location ? { kind: 'gateway', gateway, location } : { kind: 'gateway', gateway };
}

/** `gs.gateway.connect` / `gs.gateway.disconnect`: the gateway's link to the Gateway Server. */
export function parseTtnV3GatewayConnection(envelope: TtnV3Envelope, online: boolean): IngestOutcome {
  return { kind: 'gateway', gateway: requireGateway(envelope), online };
}

function requireGateway(envelope: TtnV3Envelope): string {
  if (envelope.gateway === undefined) throw new MalformedMessage('no gateway in the event identifiers');
  return envelope.gateway;
}

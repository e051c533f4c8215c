import type { IngestOutcome } from '../ingest-outcome';
import { framePacket } from '../frame-packet';
import { packetId } from '../packet-id';
import { requireGateway } from './gateway-eui';
import { type GatewayMessage, requirePhyPayload } from './gateway-message';

/**
 * `…/gateway/{id}/event/up`: one UplinkFrame, i.e. one frame as received by one gateway (wire-formats
 * §3.4, §4.3).
 */
export function parseUplinkFrame(message: GatewayMessage): IngestOutcome {
  const { json, context, dialect } = message;
  const phyPayload = requirePhyPayload(json, '');
  const { gateway, gatewayTime, radio } = dialect.readUplinkRadio(json);
  const packet = framePacket({
    id: packetId(context.dataSourceId, message.topic, message.payload, 0),
    organizationId: context.organizationId,
    dataSourceId: context.dataSourceId,
    source: dialect.source,
    date: gatewayTime ?? null,
    receivedAt: context.receivedAt,
    topic: message.topic,
    direction: 'up',
    gateway: requireGateway(gateway, message.topicGateway),
    phyPayload,
    radio,
  });
  return { kind: 'packets', packets: [packet] };
}

import type { IngestOutcome } from '../ingest-outcome';
import { framePacket } from '../frame-packet';
import { optionalObject } from '../json-fields';
import { packetId } from '../packet-id';
import { requireGateway } from './gateway-eui';
import { CHIRPSTACK_V3_SOURCE, type GatewayMessage, requirePhyPayload } from './gateway-message';
import { readV3TxInfo } from './lora-tx-info';
import { readV3UplinkRxInfo } from './uplink-rx-info';

/** `gateway/{id}/event/up`: one UplinkFrame, i.e. one frame as received by one gateway (wire-formats §3.4). */
export function parseV3UplinkFrame(message: GatewayMessage): IngestOutcome {
  const { json, context } = message;
  const phyPayload = requirePhyPayload(json, '');
  const rx = readV3UplinkRxInfo(optionalObject(json, 'rxInfo', ''), 'rxInfo');
  const tx = readV3TxInfo(optionalObject(json, 'txInfo', ''), 'txInfo');
  const packet = framePacket({
    id: packetId(context.dataSourceId, message.topic, message.payload, 0),
    organizationId: context.organizationId,
    dataSourceId: context.dataSourceId,
    source: CHIRPSTACK_V3_SOURCE,
    date: rx.gatewayTime ?? context.receivedAt,
    receivedAt: context.receivedAt,
    topic: message.topic,
    direction: 'up',
    gateway: requireGateway(rx.gateway, message.topicGateway),
    phyPayload,
    radio: { ...rx.radio, ...tx },
  });
  return { kind: 'packets', packets: [packet] };
}

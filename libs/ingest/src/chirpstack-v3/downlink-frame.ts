import type { Packet } from '@lorawatch/domain/packet';
import type { IngestOutcome } from '../ingest-outcome';
import { framePacket, NO_RADIO_METADATA } from '../frame-packet';
import { asObject, optionalArray } from '../json-fields';
import { MalformedMessage } from '../malformed-message';
import { packetId } from '../packet-id';
import { requireGateway } from './gateway-eui';
import { type DownlinkRadio, type GatewayMessage, readPhyPayload } from './gateway-message';

interface DownlinkCandidate extends DownlinkRadio {
  phyPayload: Buffer;
}

/**
 * `…/gateway/{id}/command/down`: a DownlinkFrame published by the network server; join accepts show up
 * here. Since v3.10 the frame sits in `items[]` (RX1/RX2 alternatives, of which the gateway transmits one);
 * older v3 releases use the top-level `phyPayload`. Identical alternatives give one packet, not a duplicate.
 */
export function parseDownlinkFrame(message: GatewayMessage): IngestOutcome {
  const { json, context, dialect } = message;
  const top = dialect.readDownlinkRadio(json, '');
  const candidates = collectCandidates(message, top);
  if (candidates.length === 0)
    throw new MalformedMessage('DownlinkFrame has no phyPayload (top level or items[])');

  const messageGateway =
    dialect.readMessageGateway(json) ??
    top.gateway ??
    candidates.find((candidate) => candidate.gateway !== undefined)?.gateway;
  const gateway = requireGateway(messageGateway, message.topicGateway);

  const packets: Packet[] = distinctByPayload(candidates).map((candidate, index) =>
    framePacket({
      id: packetId(context.dataSourceId, message.topic, message.payload, index),
      organizationId: context.organizationId,
      dataSourceId: context.dataSourceId,
      source: dialect.source,
      // A downlink command carries no time of its own: the event clock dates it by its gateway's traffic.
      date: null,
      receivedAt: context.receivedAt,
      topic: message.topic,
      direction: 'down',
      gateway,
      phyPayload: candidate.phyPayload,
      radio: { ...NO_RADIO_METADATA, ...candidate.tx },
    }),
  );
  return { kind: 'packets', packets };
}

function collectCandidates({ json, dialect }: GatewayMessage, top: DownlinkRadio): DownlinkCandidate[] {
  const candidates: DownlinkCandidate[] = [];
  const items = optionalArray(json, 'items', '') ?? [];
  items.forEach((value, index) => {
    const path = `items[${index}]`;
    const item = asObject(value, path);
    const phyPayload = readPhyPayload(item, path);
    if (phyPayload === undefined) throw new MalformedMessage(`${path}.phyPayload is missing`);
    candidates.push({ phyPayload, ...dialect.readDownlinkRadio(item, path) });
  });
  const topPayload = readPhyPayload(json, '');
  if (topPayload !== undefined) candidates.push({ phyPayload: topPayload, ...top });
  return candidates;
}

function distinctByPayload(candidates: DownlinkCandidate[]): DownlinkCandidate[] {
  const seen = new Set<string>();
  return candidates.filter((candidate) => {
    const key = candidate.phyPayload.toString('hex');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

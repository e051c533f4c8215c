import type { Packet } from '@lorawatch/domain/packet';
import type { IngestOutcome } from '../ingest-outcome';
import { framePacket, NO_RADIO_METADATA } from '../frame-packet';
import { asObject, type JsonObject, optionalArray, optionalObject } from '../json-fields';
import { MalformedMessage } from '../malformed-message';
import { packetId } from '../packet-id';
import { readBase64GatewayEui, requireGateway } from './gateway-eui';
import { CHIRPSTACK_V3_SOURCE, type GatewayMessage, readPhyPayload } from './gateway-message';
import { readV3TxInfo } from './lora-tx-info';

interface DownlinkCandidate {
  phyPayload: Buffer;
  txInfo: JsonObject | undefined;
  txInfoPath: string;
}

/**
 * `gateway/{id}/command/down`: a DownlinkFrame published by the network server; join accepts show up here.
 * Since v3.10 the frame sits in `items[]` (RX1/RX2 alternatives, of which the gateway transmits one);
 * older releases use the top-level `phyPayload`. Identical alternatives give one packet, not a duplicate.
 */
export function parseV3DownlinkFrame(message: GatewayMessage): IngestOutcome {
  const { json, context } = message;
  const topTxInfo = optionalObject(json, 'txInfo', '');
  const candidates = collectCandidates(json, topTxInfo);
  if (candidates.length === 0)
    throw new MalformedMessage('DownlinkFrame has no phyPayload (top level or items[])');

  const messageGateway =
    readBase64GatewayEui(json, 'gatewayID', '') ??
    (topTxInfo && readBase64GatewayEui(topTxInfo, 'gatewayID', 'txInfo')) ??
    firstItemGateway(candidates);
  const gateway = requireGateway(messageGateway, message.topicGateway);

  const packets: Packet[] = distinctByPayload(candidates).map((candidate, index) =>
    framePacket({
      id: packetId(context.dataSourceId, message.topic, message.payload, index),
      organizationId: context.organizationId,
      dataSourceId: context.dataSourceId,
      source: CHIRPSTACK_V3_SOURCE,
      // A downlink command carries no reception time: the collector's clock is the best we have.
      date: context.receivedAt,
      receivedAt: context.receivedAt,
      topic: message.topic,
      direction: 'down',
      gateway,
      phyPayload: candidate.phyPayload,
      radio: { ...NO_RADIO_METADATA, ...readV3TxInfo(candidate.txInfo, candidate.txInfoPath) },
    }),
  );
  return { kind: 'packets', packets };
}

function collectCandidates(json: JsonObject, topTxInfo: JsonObject | undefined): DownlinkCandidate[] {
  const candidates: DownlinkCandidate[] = [];
  const items = optionalArray(json, 'items', '') ?? [];
  items.forEach((value, index) => {
    const path = `items[${index}]`;
    const item = asObject(value, path);
    const phyPayload = readPhyPayload(item, path);
    if (phyPayload === undefined) throw new MalformedMessage(`${path}.phyPayload is missing`);
    candidates.push({
      phyPayload,
      txInfo: optionalObject(item, 'txInfo', path),
      txInfoPath: `${path}.txInfo`,
    });
  });
  const topPayload = readPhyPayload(json, '');
  if (topPayload !== undefined)
    candidates.push({ phyPayload: topPayload, txInfo: topTxInfo, txInfoPath: 'txInfo' });
  return candidates;
}

function firstItemGateway(candidates: DownlinkCandidate[]): string | undefined {
  for (const candidate of candidates) {
    const gateway =
      candidate.txInfo && readBase64GatewayEui(candidate.txInfo, 'gatewayID', candidate.txInfoPath);
    if (gateway !== undefined) return gateway;
  }
  return undefined;
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

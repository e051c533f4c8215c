import type { IngestContext, IngestOutcome } from '../ingest-outcome';
import { framePacket } from '../frame-packet';
import {
  fieldPath,
  type JsonObject,
  optionalArray,
  optionalBoolean,
  optionalObject,
  optionalString,
} from '../json-fields';
import { MalformedMessage } from '../malformed-message';
import { packetId } from '../packet-id';
import { quoted } from './quoted';
import { TTN_V3_SOURCE, type TtnV3Envelope } from './ttn-v3-envelope';
import { requireRawPayload } from './ttn-v3-raw-payload';
import { type TtnV3Reception, readTtnV3RxMetadata, strongestPerGateway } from './ttn-v3-rx-metadata';
import { readTtnV3TxSettings } from './ttn-v3-tx-settings';

const GATEWAY_UPLINK_MESSAGE = 'type.googleapis.com/ttn.lorawan.v3.GatewayUplinkMessage';
const UPLINK_MESSAGE = 'type.googleapis.com/ttn.lorawan.v3.UplinkMessage';

/**
 * `gs.up.receive`: one frame received by the stream's gateway, with one `rx_metadata` entry per antenna.
 * Gives one packet per gateway that heard it; with no metadata at all, one packet for the stream's gateway.
 */
export function parseTtnV3Uplink(envelope: TtnV3Envelope, context: IngestContext): IngestOutcome {
  const { message, path } = uplinkMessage(envelope);
  const phyPayload = requireRawPayload(message, path);
  const tx = readTtnV3TxSettings(optionalObject(message, 'settings', path), fieldPath(path, 'settings'));
  const metadataPath = fieldPath(path, 'rx_metadata');
  const entries = readTtnV3RxMetadata(optionalArray(message, 'rx_metadata', path) ?? [], metadataPath);
  const receptions =
    entries.length > 0 ? strongestPerGateway(entries, envelope.gateway) : [noMetadata(envelope)];
  const crcOk = optionalBoolean(message, 'crc_status', path) ?? null;

  const packets = receptions.map((reception, index) => {
    if (reception.gateway === undefined) {
      throw new MalformedMessage(`no gateway in ${metadataPath} or the event identifiers`);
    }
    return framePacket({
      // The concentrator counter keeps two transmissions of the same bytes apart (a replay) even in an
      // event without unique_id or correlation ids.
      id: packetId(
        context.dataSourceId,
        `${envelope.name}|${envelope.identity}|${reception.radio.tmst ?? tx.radio.tmst ?? ''}`,
        phyPayload,
        index,
      ),
      organizationId: context.organizationId,
      dataSourceId: context.dataSourceId,
      source: TTN_V3_SOURCE,
      date: reception.time ?? tx.time ?? null,
      receivedAt: context.receivedAt,
      topic: envelope.name,
      direction: 'up',
      gateway: reception.gateway,
      phyPayload,
      radio: { ...tx.radio, crcOk, ...reception.radio, tmst: reception.radio.tmst ?? tx.radio.tmst },
    });
  });
  return { kind: 'packets', packets };
}

/** TTS 3.19.2 wrapped the UplinkMessage in a GatewayUplinkMessage (`data.message`); before, it was `data`. */
function uplinkMessage(envelope: TtnV3Envelope): { message: JsonObject; path: string } {
  const data = envelope.data;
  if (data === undefined) throw new MalformedMessage(`${envelope.name} has no data`);
  const type = optionalString(data, '@type', 'data');
  if (type === GATEWAY_UPLINK_MESSAGE || (type === undefined && data.message !== undefined)) {
    const message = optionalObject(data, 'message', 'data');
    if (message === undefined) throw new MalformedMessage('data.message is missing');
    return { message, path: 'data.message' };
  }
  if (type === UPLINK_MESSAGE || type === undefined) return { message: data, path: 'data' };
  throw new MalformedMessage(`data.@type ${quoted(type)} is not an uplink message`);
}

function noMetadata(envelope: TtnV3Envelope): TtnV3Reception {
  return {
    gateway: envelope.gateway,
    time: undefined,
    radio: { rssi: null, lsnr: null, tmst: null, latitude: null, longitude: null, altitude: null },
  };
}

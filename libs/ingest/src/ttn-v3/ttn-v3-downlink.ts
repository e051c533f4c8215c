import type { IngestContext, IngestOutcome } from '../ingest-outcome';
import { framePacket, NO_RADIO_METADATA } from '../frame-packet';
import { optionalObject, optionalString } from '../json-fields';
import { MalformedMessage } from '../malformed-message';
import { packetId } from '../packet-id';
import { quoted } from './quoted';
import { TTN_V3_SOURCE, type TtnV3Envelope } from './ttn-v3-envelope';
import { requireRawPayload } from './ttn-v3-raw-payload';
import { readTtnV3TxSettings } from './ttn-v3-tx-settings';

const DOWNLINK_MESSAGE = 'type.googleapis.com/ttn.lorawan.v3.DownlinkMessage';

/**
 * `gs.down.send`: a DownlinkMessage the gateway was told to transmit; join accepts come this way. Radio
 * settings are known once scheduled (`scheduled`); a bare `request` still offers RX1 and RX2, so it names
 * no single frequency and the packet has none.
 */
export function parseTtnV3Downlink(envelope: TtnV3Envelope, context: IngestContext): IngestOutcome {
  const data = envelope.data;
  if (data === undefined) throw new MalformedMessage(`${envelope.name} has no data`);
  const type = optionalString(data, '@type', 'data');
  if (type !== undefined && type !== DOWNLINK_MESSAGE) {
    throw new MalformedMessage(`data.@type ${quoted(type)} is not a downlink message`);
  }
  const phyPayload = requireRawPayload(data, 'data');
  if (envelope.gateway === undefined) throw new MalformedMessage('no gateway in the event identifiers');
  const scheduled = readTtnV3TxSettings(optionalObject(data, 'scheduled', 'data'), 'data.scheduled');
  const packet = framePacket({
    id: packetId(context.dataSourceId, `${envelope.name}|${envelope.identity}`, phyPayload, 0),
    organizationId: context.organizationId,
    dataSourceId: context.dataSourceId,
    source: TTN_V3_SOURCE,
    // The server's time of the downlink event, when the stream gives it; else the event clock dates it.
    date: envelope.time ?? null,
    receivedAt: context.receivedAt,
    topic: envelope.name,
    direction: 'down',
    gateway: envelope.gateway,
    phyPayload,
    radio: { ...NO_RADIO_METADATA, ...scheduled.radio },
  });
  return { kind: 'packets', packets: [packet] };
}

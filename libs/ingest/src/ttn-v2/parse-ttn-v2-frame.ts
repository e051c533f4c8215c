import type { MType } from '@lorawatch/domain/packet';
import { framePacket } from '../frame-packet';
import type { IngestContext, IngestOutcome } from '../ingest-outcome';
import { asObject, type JsonObject, optionalBase64, optionalString } from '../json-fields';
import { MalformedMessage } from '../malformed-message';
import { packetId } from '../packet-id';
import { quoted } from '../ttn-v3/quoted';
import { isTtnV2GatewayId, TTN_V2_FRAME_TYPES, TTN_V2_SOURCE, type TtnV2FrameType } from './ttn-v2-protocol';
import { readTtnV2Radio } from './ttn-v2-radio';

/** Parses one frame of the TTN v2 traffic stream, the JSON as streamed. Never throws. */
export type TtnV2FrameParser = (frame: unknown, context: IngestContext) => IngestOutcome;

const FRAME_TYPES: ReadonlySet<string> = new Set(TTN_V2_FRAME_TYPES);
/** Frame types are a few lowercase words; anything else is no frame type at all. */
const TYPE_SYNTAX = /^[a-z]+(?: [a-z]+){0,4}$/;
const MAX_TYPE = 60;
const EUI_ID = /^eui-([0-9a-f]{16})$/;
const EUI_HEX = /^[0-9a-fA-F]{16}$/;

/** What a frame type promises about its PHYPayload; null where any data frame may come. */
const EXPECTED: Record<
  Exclude<TtnV2FrameType, 'gateway status'>,
  { direction: 'up' | 'down'; mType?: MType }
> = {
  'gateway uplink': { direction: 'up' },
  'gateway downlink': { direction: 'down' },
  'gateway join request': { direction: 'up', mType: 'JoinRequest' },
  'gateway join accept': { direction: 'down', mType: 'JoinAccept' },
};

/**
 * Parses one TTN v2 gateway-traffic frame (protocol in ttn-v2-protocol.ts, fields in docs/wire-formats.md §6) into
 * a normalised packet or a gateway fact. Never throws: anything unexpected is a `malformed` outcome with the
 * reason. A well-formed frame of a type this version does not know is `ignored`.
 */
export const parseTtnV2Frame: TtnV2FrameParser = (value, context) => {
  try {
    const frame = asObject(value, 'the frame');
    const type = readType(frame);
    if (!FRAME_TYPES.has(type))
      return { kind: 'ignored', reason: `${quoted(type)} frames are not gateway traffic` };
    const gateway = readGateway(frame);
    if (type === 'gateway status') return statusOutcome(frame, gateway);
    return packetOutcome(frame, type as Exclude<TtnV2FrameType, 'gateway status'>, gateway, context);
  } catch (error) {
    if (error instanceof MalformedMessage) return { kind: 'malformed', reason: error.message };
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: 'malformed', reason: `unexpected parser error: ${detail}` };
  }
};

function readType(frame: JsonObject): string {
  const type = frame.type;
  if (typeof type !== 'string') throw new MalformedMessage('type must be a string');
  if (type.length > MAX_TYPE || !TYPE_SYNTAX.test(type)) {
    throw new MalformedMessage(`type ${quoted(type)} is not a TTN v2 frame type`);
  }
  return type;
}

/** Packets name gateways by EUI (lowercase hex) where the ID gives it (`eui-…`), else by the v2 ID. */
function readGateway(frame: JsonObject): string {
  const id = optionalString(frame, 'gateway_id', '');
  if (id === undefined || id === '') throw new MalformedMessage('gateway_id is missing');
  if (!isTtnV2GatewayId(id))
    throw new MalformedMessage(`gateway_id ${quoted(id)} is not a TTN v2 gateway ID`);
  return EUI_ID.exec(id)?.[1] ?? id;
}

function statusOutcome(frame: JsonObject, gateway: string): IngestOutcome {
  const { radio } = readTtnV2Radio(frame, '');
  if (radio.latitude === null || radio.longitude === null || radio.altitude === null) {
    return { kind: 'gateway', gateway };
  }
  return {
    kind: 'gateway',
    gateway,
    location: { latitude: radio.latitude, longitude: radio.longitude, altitude: radio.altitude },
  };
}

function packetOutcome(
  frame: JsonObject,
  type: Exclude<TtnV2FrameType, 'gateway status'>,
  gateway: string,
  context: IngestContext,
): IngestOutcome {
  const phyPayload = optionalBase64(frame, 'payload', '');
  if (phyPayload === undefined || phyPayload.length === 0) throw new MalformedMessage('payload is missing');
  const { radio, time } = readTtnV2Radio(frame, '');
  const devEuiHint = readDevEui(frame);
  const expected = EXPECTED[type];
  const packet = framePacket({
    // Counter and time keep two transmissions of the same bytes apart (a replay); the same line again
    // (a reconnection replaying) gives the same id.
    id: packetId(context.dataSourceId, `${type}|${gateway}|${radio.tmst ?? ''}|${time ?? ''}`, phyPayload, 0),
    organizationId: context.organizationId,
    dataSourceId: context.dataSourceId,
    source: TTN_V2_SOURCE,
    date: time ?? null,
    receivedAt: context.receivedAt,
    topic: type,
    direction: expected.direction,
    gateway,
    phyPayload,
    radio,
  });
  if (expected.mType !== undefined && packet.mType !== expected.mType) {
    throw new MalformedMessage(`a ${type} frame carries a ${packet.mType}`);
  }
  if (expected.mType === undefined && (packet.mType === 'JoinRequest' || packet.mType === 'JoinAccept')) {
    throw new MalformedMessage(`a ${type} frame carries a ${packet.mType}`);
  }
  // The console named the device of a data frame; the frame itself does not (DevAddr only).
  if (packet.devEui === null && devEuiHint !== undefined) {
    return { kind: 'packets', packets: [{ ...packet, devEui: devEuiHint, devEuiInferred: true }] };
  }
  return { kind: 'packets', packets: [packet] };
}

function readDevEui(frame: JsonObject): string | undefined {
  const devEui = optionalString(frame, 'dev_eui', '');
  if (devEui === undefined || devEui === '' || /^0{16}$/.test(devEui)) return undefined;
  if (!EUI_HEX.test(devEui)) throw new MalformedMessage(`dev_eui ${quoted(devEui)} must be 16 hex digits`);
  return devEui.toLowerCase();
}

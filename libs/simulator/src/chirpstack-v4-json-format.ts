import { V4_CODE_RATES } from '@lorawatch/ingest';
import type { JsonObject } from '@lorawatch/ingest';
import { chirpstackV4ApplicationBody } from './chirpstack-application-events';
import { type GatewayBody, jsonFormat } from './chirpstack-format';
import type {
  DownlinkEvent,
  GatewayConnectionEvent,
  GatewayStatsEvent,
  LoRaTx,
  GatewaySimEvent,
  UplinkEvent,
} from './sim-event';

/** The MQTT Forwarder's default topic prefix; the simulated network is an EU868 one. */
const REGION_PREFIX = 'eu868';

/**
 * ChirpStack v4 gateway messages in ProtoJSON (docs/wire-formats.md §4.3–4.4; compare the fixtures in
 * test/fixtures/chirpstack-v4): EUIs as lowercase hex, bandwidth in Hz, code rate as an enum, `gwTime`, and, as
 * v4's marshaler does, every zero value left out. The `json` marshaler publishes them as they are, the
 * `protobuf` one (chirpstack-v4-protobuf-format.ts) encodes them.
 */
export function chirpstackV4Body(event: GatewaySimEvent): GatewayBody {
  const prefix = `${REGION_PREFIX}/gateway/${event.gateway.eui}`;
  switch (event.kind) {
    case 'uplink':
      return { topic: `${prefix}/event/up`, message: 'UplinkFrame', body: uplinkFrame(event), retain: false };
    case 'downlink':
      return {
        topic: `${prefix}/command/down`,
        message: 'DownlinkFrame',
        body: downlinkFrame(event),
        retain: false,
      };
    case 'gateway-stats':
      return {
        topic: `${prefix}/event/stats`,
        message: 'GatewayStats',
        body: gatewayStats(event),
        retain: false,
      };
    case 'gateway-connection':
      return { topic: `${prefix}/state/conn`, message: 'ConnState', body: connState(event), retain: true };
  }
}

/** ChirpStack v4 (Gateway Bridge or MQTT Forwarder) with the `json` marshaler. */
export const chirpstackV4Json = jsonFormat(
  'chirpstack-v4-json',
  chirpstackV4Body,
  chirpstackV4ApplicationBody,
);

/** v4 JSON omits fields at their default (0, false, ""): an uplink on channel 0 has no `channel`. */
function withoutDefaults(fields: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== 0 && value !== false && value !== ''),
  );
}

function codeRate(normalised: string): string {
  const entry = V4_CODE_RATES.find(([, rate]) => rate === normalised);
  if (entry === undefined) throw new RangeError(`no ChirpStack v4 code rate for ${normalised}`);
  return entry[0];
}

function modulation(tx: LoRaTx, polarizationInversion: boolean): JsonObject {
  return {
    lora: withoutDefaults({
      bandwidth: tx.bandwidth,
      spreadingFactor: tx.spreadingFactor,
      codeRate: codeRate(tx.codeRate),
      polarizationInversion,
    }),
  };
}

function uplinkFrame(event: UplinkEvent): JsonObject {
  const context = Buffer.alloc(4);
  context.writeUInt32BE(event.tmst >>> 0);
  return {
    phyPayload: event.phyPayload.toString('base64'),
    txInfo: { frequency: event.tx.frequency, modulation: modulation(event.tx, false) },
    rxInfo: withoutDefaults({
      gatewayId: event.gateway.eui,
      // v4's uplink id is a random uint32 per reception.
      uplinkId: event.uplinkId.readUInt32BE(0),
      gwTime: event.gatewayTime.toISOString(),
      rssi: event.rssi,
      snr: event.snr,
      channel: event.channel,
      context: context.toString('base64'),
      crcStatus: 'CRC_OK',
    }),
  };
}

function downlinkFrame(event: DownlinkEvent): JsonObject {
  return withoutDefaults({
    downlinkId: event.downlinkId.readUInt32BE(0),
    gatewayId: event.gateway.eui,
    items: [
      {
        phyPayload: event.phyPayload.toString('base64'),
        txInfo: withoutDefaults({
          frequency: event.tx.frequency,
          power: event.power,
          modulation: modulation(event.tx, true),
          timing: { delay: { delay: '1s' } },
        }),
      },
    ],
  });
}

function gatewayStats(event: GatewayStatsEvent): JsonObject {
  return withoutDefaults({
    gatewayId: event.gateway.eui,
    time: event.at.toISOString(),
    location: withoutDefaults({
      latitude: event.gateway.latitude,
      longitude: event.gateway.longitude,
      altitude: event.gateway.altitude,
      source: 'CONFIG',
    }),
    rxPacketsReceived: event.rxPacketsReceived,
    rxPacketsReceivedOk: event.rxPacketsReceivedOK,
    txPacketsReceived: event.txPacketsReceived,
    txPacketsEmitted: event.txPacketsEmitted,
  });
}

function connState(event: GatewayConnectionEvent): JsonObject {
  // OFFLINE is the enum's default, so it is left out like any other default.
  return event.online ? { gatewayId: event.gateway.eui, state: 'ONLINE' } : { gatewayId: event.gateway.eui };
}

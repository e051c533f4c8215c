import { chirpstackV3ApplicationBody } from './chirpstack-application-events';
import { jsonFormat, type GatewayBody } from './chirpstack-format';
import type {
  DownlinkEvent,
  GatewayConnectionEvent,
  GatewayStatsEvent,
  LoRaTx,
  GatewaySimEvent,
  SimGateway,
  UplinkEvent,
} from './sim-event';

/**
 * ChirpStack Gateway Bridge v3 messages in ProtoJSON: defaults emitted, EUIs as base64 of their
 * big-endian bytes, bandwidth in kHz (docs/wire-formats.md §3.4, §3.5; compare the real capture in
 * test/fixtures/chirpstack-v3/iotroam-2020-mosquitto-sub.txt). The `json` marshaler publishes them as they are,
 * the `protobuf` one (chirpstack-v3-protobuf-format.ts) encodes them.
 */
export function chirpstackV3Body(event: GatewaySimEvent): GatewayBody {
  const prefix = `gateway/${event.gateway.eui}`;
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

/** ChirpStack Gateway Bridge v3 with the `json` marshaler. */
export const chirpstackV3Json = jsonFormat('chirpstack-v3', chirpstackV3Body, chirpstackV3ApplicationBody);

function gatewayId(gateway: SimGateway): string {
  return Buffer.from(gateway.eui, 'hex').toString('base64');
}

function loRaModulationInfo(tx: LoRaTx, polarizationInversion: boolean) {
  return {
    bandwidth: tx.bandwidth / 1000,
    spreadingFactor: tx.spreadingFactor,
    codeRate: tx.codeRate,
    polarizationInversion,
  };
}

function uplinkFrame(event: UplinkEvent) {
  const context = Buffer.alloc(4);
  context.writeUInt32BE(event.tmst >>> 0);
  return {
    phyPayload: event.phyPayload.toString('base64'),
    txInfo: {
      frequency: event.tx.frequency,
      modulation: 'LORA',
      loRaModulationInfo: loRaModulationInfo(event.tx, false),
    },
    rxInfo: {
      gatewayID: gatewayId(event.gateway),
      time: event.gatewayTime.toISOString(),
      timeSinceGPSEpoch: null,
      rssi: event.rssi,
      loRaSNR: event.snr,
      channel: event.channel,
      rfChain: 0,
      board: 0,
      antenna: 0,
      location: null,
      fineTimestampType: 'NONE',
      context: context.toString('base64'),
      uplinkID: event.uplinkId.toString('base64'),
      crcStatus: 'CRC_OK',
    },
  };
}

function downlinkFrame(event: DownlinkEvent) {
  const txInfo = {
    gatewayID: gatewayId(event.gateway),
    frequency: event.tx.frequency,
    power: event.power,
    modulation: 'LORA',
    loRaModulationInfo: loRaModulationInfo(event.tx, true),
    board: 0,
    antenna: 0,
    timing: 'DELAY',
    delayTimingInfo: { delay: '1s' },
    context: null,
  };
  return {
    phyPayload: '',
    txInfo: null,
    token: event.token,
    downlinkID: event.downlinkId.toString('base64'),
    gatewayID: gatewayId(event.gateway),
    items: [{ phyPayload: event.phyPayload.toString('base64'), txInfo }],
  };
}

function gatewayStats(event: GatewayStatsEvent) {
  return {
    gatewayID: gatewayId(event.gateway),
    ip: event.gateway.ip,
    time: event.at.toISOString(),
    location: {
      latitude: event.gateway.latitude,
      longitude: event.gateway.longitude,
      altitude: event.gateway.altitude,
      source: 'CONFIG',
      accuracy: 0,
    },
    configVersion: '',
    rxPacketsReceived: event.rxPacketsReceived,
    rxPacketsReceivedOK: event.rxPacketsReceivedOK,
    txPacketsReceived: event.txPacketsReceived,
    txPacketsEmitted: event.txPacketsEmitted,
    metaData: {},
    statsID: event.statsId.toString('base64'),
  };
}

function connState(event: GatewayConnectionEvent) {
  return { gatewayID: gatewayId(event.gateway), state: event.online ? 'ONLINE' : 'OFFLINE' };
}

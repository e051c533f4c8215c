import type { JsonObject } from '@lorawatch/ingest';
import { simulatedDeviceName, simulatedGatewayName } from './asset-names';
import type { ApplicationBody } from './chirpstack-format';
import type { ApplicationEvent, LoRaTx } from './sim-event';

/** The simulated network is one application; ids as each version spells them. */
const V3_APPLICATION_ID = '1';
const V4_APPLICATION_ID = '5f0d7c1e-3b1a-4c39-9d6e-2a7b4f1c8e01';
const V4_TENANT_ID = '52f14cd4-c6f1-4fbd-8f87-4025e1d49242';
const V4_DEVICE_PROFILE_ID = '14855bf7-d10d-4aee-b618-ebfcb64dc7ad';
const APPLICATION_NAME = 'lorawatch-simulation';

/** EU868: DR0 is SF12, DR5 is SF7 at 125 kHz. */
function dataRate(tx: LoRaTx): number {
  return 12 - tx.spreadingFactor;
}

/**
 * Application Server v3 with the `json` marshaler (docs/wire-formats.md §3.6; compare test/fixtures/chirpstack-v3/
 * app-event-*.json): EUIs and the DevAddr as base64 of their big-endian bytes, the data decrypted.
 */
export function chirpstackV3ApplicationBody(event: ApplicationEvent): ApplicationBody {
  const body: JsonObject = {
    applicationID: V3_APPLICATION_ID,
    applicationName: APPLICATION_NAME,
    deviceName: simulatedDeviceName(event.devEui),
    devEUI: Buffer.from(event.devEui, 'hex').toString('base64'),
    devAddr: Buffer.from(event.devAddr, 'hex').toString('base64'),
    rxInfo: event.receptions.map((reception) => ({
      gatewayID: Buffer.from(reception.gateway.eui, 'hex').toString('base64'),
      name: simulatedGatewayName(reception.gateway.eui),
      time: event.at.toISOString(),
      rssi: reception.rssi,
      loRaSNR: reception.snr,
      location: {
        latitude: reception.gateway.latitude,
        longitude: reception.gateway.longitude,
        altitude: reception.gateway.altitude,
      },
    })),
    txInfo: {
      frequency: event.tx.frequency,
      modulation: 'LORA',
      loRaModulationInfo: {
        bandwidth: event.tx.bandwidth / 1000,
        spreadingFactor: event.tx.spreadingFactor,
        codeRate: event.tx.codeRate,
        polarizationInversion: false,
      },
    },
    dr: dataRate(event.tx),
  };
  if (event.type === 'up') {
    Object.assign(body, {
      adr: true,
      fCnt: event.fCnt ?? 0,
      fPort: event.fPort ?? 0,
      data: (event.data ?? Buffer.alloc(0)).toString('base64'),
    });
  }
  return {
    topic: `application/${V3_APPLICATION_ID}/device/${event.devEui}/event/${event.type}`,
    body,
  };
}

/** ChirpStack v4's MQTT integration, JSON (docs/wire-formats.md §4.5; compare test/fixtures/chirpstack-v4/app-event-*.json). */
export function chirpstackV4ApplicationBody(event: ApplicationEvent): ApplicationBody {
  const body: JsonObject = {
    deduplicationId: uuidFrom(event.deduplicationId),
    time: event.at.toISOString(),
    deviceInfo: {
      tenantId: V4_TENANT_ID,
      tenantName: 'ChirpStack',
      applicationId: V4_APPLICATION_ID,
      applicationName: APPLICATION_NAME,
      deviceProfileId: V4_DEVICE_PROFILE_ID,
      deviceProfileName: 'EU868 sensor',
      deviceName: simulatedDeviceName(event.devEui),
      devEui: event.devEui,
    },
    devAddr: event.devAddr,
  };
  if (event.type === 'up') {
    Object.assign(body, {
      adr: true,
      dr: dataRate(event.tx),
      fCnt: event.fCnt ?? 0,
      fPort: event.fPort ?? 0,
      data: (event.data ?? Buffer.alloc(0)).toString('base64'),
      rxInfo: event.receptions.map((reception) => ({
        gatewayId: reception.gateway.eui,
        rssi: reception.rssi,
        snr: reception.snr,
      })),
      txInfo: {
        frequency: event.tx.frequency,
        modulation: {
          lora: {
            bandwidth: event.tx.bandwidth,
            spreadingFactor: event.tx.spreadingFactor,
            codeRate: 'CR_4_5',
          },
        },
      },
    });
  }
  return {
    topic: `application/${V4_APPLICATION_ID}/device/${event.devEui}/event/${event.type}`,
    body,
  };
}

function uuidFrom(bytes: Buffer): string {
  const hex = bytes.toString('hex').padEnd(32, '0').slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

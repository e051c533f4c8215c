import type { RadioMetadata } from '../frame-packet';
import { readGatewayLocation } from '../gateway-location';
import { fieldPath, type JsonObject, optionalNumber, optionalString, optionalTime } from '../json-fields';
import { MalformedMessage } from '../malformed-message';
import { quoted } from '../ttn-v3/quoted';
import { readConcentratorCounter } from '../ttn-v3/ttn-v3-tx-settings';

export interface TtnV2Radio {
  radio: RadioMetadata;
  /** The gateway's time of the frame, ISO 8601 UTC; undefined when absent or v2's zero time. */
  time: string | undefined;
}

/** `SF7BW125`: LoRa spreading factor and bandwidth in kHz. FSK frames had no `data_rate` (a `bit_rate`). */
const LORA_DATA_RATE = /^SF(\d{1,2})BW(\d{2,3})$/;
const BANDWIDTHS_KHZ = new Set([125, 250, 500]);
/** Above this a `frequency` cannot be MHz: the v2 `down/sent` config wrote Hz (test/fixtures/ttn-v2), so accept that. */
const MAX_MHZ = 10_000;
const MIN_HZ = 1_000_000;
/** v2 wrote an unknown time as the Unix epoch (test/fixtures/ttn-v2). */
const ZERO_TIME = new Date(0).toISOString();
const MAX_CODING_RATE = 20;

/** Reads a frame's radio fields (the protocol in ttn-v2-protocol.ts); null wherever the frame says nothing. */
export function readTtnV2Radio(frame: JsonObject, path: string): TtnV2Radio {
  const location = readGatewayLocation(frame, path === '' ? 'the frame' : path);
  const time = optionalTime(frame, 'time', path);
  return {
    radio: {
      rssi: optionalNumber(frame, 'rssi', path) ?? null,
      lsnr: optionalNumber(frame, 'snr', path) ?? null,
      frequency: readFrequencyHz(frame, path) ?? null,
      ...readDataRate(frame, path),
      codeRate: readCodingRate(frame, path),
      tmst: readConcentratorCounter(frame, path) ?? null,
      crcOk: null,
      latitude: location?.latitude ?? null,
      longitude: location?.longitude ?? null,
      altitude: location?.altitude ?? null,
    },
    time: time === ZERO_TIME ? undefined : time,
  };
}

/** MHz (`868.1`) to Hz, rounded: 868.1 × 10⁶ is 868099999.9999999 in floating point. */
export function readFrequencyHz(frame: JsonObject, path: string): number | undefined {
  const value = optionalNumber(frame, 'frequency', path);
  if (value === undefined || value === 0) return undefined;
  if (value > 0 && value <= MAX_MHZ) return Math.round(value * 1_000_000);
  if (value >= MIN_HZ && Number.isSafeInteger(value)) return value;
  throw new MalformedMessage(`${fieldPath(path, 'frequency')} must be MHz (or whole Hz)`);
}

function readDataRate(frame: JsonObject, path: string): Pick<RadioMetadata, 'spreadingFactor' | 'bandwidth'> {
  const dataRate = optionalString(frame, 'data_rate', path);
  if (dataRate === undefined || dataRate === '') return { spreadingFactor: null, bandwidth: null };
  const match = LORA_DATA_RATE.exec(dataRate);
  const spreadingFactor = match ? Number(match[1]) : 0;
  const bandwidthKhz = match ? Number(match[2]) : 0;
  if (spreadingFactor < 5 || spreadingFactor > 12 || !BANDWIDTHS_KHZ.has(bandwidthKhz)) {
    throw new MalformedMessage(`${fieldPath(path, 'data_rate')} ${quoted(dataRate)} is not like SF7BW125`);
  }
  return { spreadingFactor, bandwidth: bandwidthKhz * 1000 };
}

function readCodingRate(frame: JsonObject, path: string): string | null {
  const codingRate = optionalString(frame, 'coding_rate', path);
  if (codingRate === undefined || codingRate === '') return null;
  if (codingRate.length > MAX_CODING_RATE) {
    throw new MalformedMessage(`${fieldPath(path, 'coding_rate')} ${quoted(codingRate)} is too long`);
  }
  return codingRate;
}

import type { RadioMetadata } from '../frame-packet';
import {
  fieldPath,
  type JsonObject,
  optionalInteger,
  optionalObject,
  optionalString,
  optionalTime,
} from '../json-fields';
import { MalformedMessage } from '../malformed-message';

export type TtnV3Tx = Pick<
  RadioMetadata,
  'frequency' | 'spreadingFactor' | 'bandwidth' | 'codeRate' | 'tmst'
>;

export interface TtnV3TxSettings {
  radio: TtnV3Tx;
  /** `settings.time`: the gateway's time of reception, ISO 8601 UTC. */
  time: string | undefined;
}

const NO_TX: TtnV3Tx = {
  frequency: null,
  spreadingFactor: null,
  bandwidth: null,
  codeRate: null,
  tmst: null,
};

/**
 * Reads TxSettings: `settings` of an uplink, `scheduled` of a downlink (docs/wire-formats.md §5.4). `coding_rate`
 * moved into `data_rate.lora` in TTS 3.22; older events have it next to `data_rate`. FSK and LR-FHSS have
 * no spreading factor, so those stay null.
 */
export function readTtnV3TxSettings(settings: JsonObject | undefined, path: string): TtnV3TxSettings {
  if (settings === undefined) return { radio: NO_TX, time: undefined };
  const dataRatePath = fieldPath(path, 'data_rate');
  const dataRate = optionalObject(settings, 'data_rate', path);
  const loraPath = fieldPath(dataRatePath, 'lora');
  const lora = dataRate && optionalObject(dataRate, 'lora', dataRatePath);
  const codeRate =
    (lora && optionalString(lora, 'coding_rate', loraPath)) || optionalString(settings, 'coding_rate', path);
  return {
    radio: {
      frequency: readUint64(settings, 'frequency', path) ?? null,
      spreadingFactor: (lora && optionalInteger(lora, 'spreading_factor', loraPath)) ?? null,
      bandwidth: (lora && optionalInteger(lora, 'bandwidth', loraPath)) || null,
      codeRate: codeRate || null,
      tmst: readConcentratorCounter(settings, path) ?? null,
    },
    time: optionalTime(settings, 'time', path),
  };
}

/** The 32-bit concentrator counter (`timestamp`, µs). */
export function readConcentratorCounter(parent: JsonObject, path: string): number | undefined {
  const value = optionalInteger(parent, 'timestamp', path);
  if (value !== undefined && (value < 0 || value > 0xffffffff)) {
    throw new MalformedMessage(`${fieldPath(path, 'timestamp')} must be a 32-bit counter`);
  }
  return value;
}

const DIGITS = /^\d{1,20}$/;

/** Proto3 JSON writes 64-bit integers as strings (`"868100000"`); accept a plain number too. */
export function readUint64(parent: JsonObject, key: string, path: string): number | undefined {
  const value = parent[key];
  if (value === undefined || value === null) return undefined;
  const number = typeof value === 'string' && DIGITS.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0) {
    throw new MalformedMessage(`${fieldPath(path, key)} must be an unsigned integer (a decimal string)`);
  }
  return number;
}

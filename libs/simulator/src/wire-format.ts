import { chirpstackV3Json } from './chirpstack-v3-json-format';
import { chirpstackV3Protobuf } from './chirpstack-v3-protobuf-format';
import { chirpstackV4Json } from './chirpstack-v4-json-format';
import { chirpstackV4Protobuf } from './chirpstack-v4-protobuf-format';
import type { SimEvent } from './sim-event';
import { ttnV3Format } from './ttn-v3-format';

export type SimFormatName =
  'chirpstack-v3' | 'chirpstack-v3-protobuf' | 'chirpstack-v4-json' | 'chirpstack-v4-protobuf' | 'ttn-v3';

export const SIM_FORMATS: readonly SimFormatName[] = [
  'chirpstack-v3',
  'chirpstack-v3-protobuf',
  'chirpstack-v4-json',
  'chirpstack-v4-protobuf',
  'ttn-v3',
];

/**
 * Encodes simulated events as one network server publishes them. Adding a network server or marshaler
 * means adding one implementation here; the simulation itself does not change.
 */
export interface WireFormat {
  readonly name: SimFormatName;
  /** Null for an event this server does not publish where collectors read (TTS application events). */
  encode(event: SimEvent): EncodedMessage | null;
}

export interface EncodedMessage {
  topic: string;
  payload: Buffer;
  retain: boolean;
}

export function formatFor(name: SimFormatName): WireFormat {
  switch (name) {
    case 'chirpstack-v3':
      return chirpstackV3Json;
    case 'chirpstack-v3-protobuf':
      return chirpstackV3Protobuf;
    case 'chirpstack-v4-json':
      return chirpstackV4Json;
    case 'chirpstack-v4-protobuf':
      return chirpstackV4Protobuf;
    case 'ttn-v3':
      return ttnV3Format;
  }
}

export function isSimFormatName(name: string): name is SimFormatName {
  return (SIM_FORMATS as readonly string[]).includes(name);
}

import type { SimEvent } from './sim-event';

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
 * means adding one implementation and naming it in wire-formats.ts; the simulation itself does not change.
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

export function isSimFormatName(name: string): name is SimFormatName {
  return (SIM_FORMATS as readonly string[]).includes(name);
}

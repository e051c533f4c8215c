import { chirpstackV3Json } from './chirpstack-v3-json-format';
import type { SimEvent } from './sim-event';

export type SimFormatName = 'chirpstack-v3';

export const SIM_FORMATS: readonly SimFormatName[] = ['chirpstack-v3'];

/**
 * Encodes simulated events as one network server publishes them. Adding ChirpStack v3 protobuf, v4 or
 * TTN v3 means adding one implementation here; the simulation itself does not change.
 */
export interface WireFormat {
  readonly name: SimFormatName;
  encode(event: SimEvent): { topic: string; payload: Buffer; retain: boolean };
}

export function formatFor(name: SimFormatName): WireFormat {
  switch (name) {
    case 'chirpstack-v3':
      return chirpstackV3Json;
  }
}

export function isSimFormatName(name: string): name is SimFormatName {
  return (SIM_FORMATS as readonly string[]).includes(name);
}

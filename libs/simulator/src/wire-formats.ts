import { chirpstackV3Json } from './chirpstack-v3-json-format';
import { chirpstackV3Protobuf } from './chirpstack-v3-protobuf-format';
import { chirpstackV4Json } from './chirpstack-v4-json-format';
import { chirpstackV4Protobuf } from './chirpstack-v4-protobuf-format';
import { ttnV3Format } from './ttn-v3-format';
import type { SimFormatName, WireFormat } from './wire-format';

/** The implementation of each wire format (the contract the formats share lives in wire-format.ts). */
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

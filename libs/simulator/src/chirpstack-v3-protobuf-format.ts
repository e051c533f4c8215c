import { chirpstackV3ApplicationBody } from './chirpstack-application-events';
import { protobufFormat } from './chirpstack-format';
import { chirpstackV3Body } from './chirpstack-v3-json-format';

/** ChirpStack Gateway Bridge v3 with its default `protobuf` marshaler (docs/wire-formats.md §3.3). */
export const chirpstackV3Protobuf = protobufFormat(
  'chirpstack-v3-protobuf',
  'v3',
  chirpstackV3Body,
  chirpstackV3ApplicationBody,
);

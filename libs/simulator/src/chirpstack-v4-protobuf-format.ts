import { chirpstackV4ApplicationBody } from './chirpstack-application-events';
import { protobufFormat } from './chirpstack-format';
import { chirpstackV4Body } from './chirpstack-v4-json-format';

/** ChirpStack v4 (Gateway Bridge or MQTT Forwarder) with the default `protobuf` marshaler (docs/wire-formats.md §4.2). */
export const chirpstackV4Protobuf = protobufFormat(
  'chirpstack-v4-protobuf',
  'v4',
  chirpstackV4Body,
  chirpstackV4ApplicationBody,
);

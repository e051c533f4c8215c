import { parse, Root, type Type } from 'protobufjs';
import { CHIRPSTACK_V3_GW_SCHEMA } from './chirpstack-v3-gw-schema';
import { CHIRPSTACK_V4_GW_SCHEMA } from './chirpstack-v4-gw-schema';
import { GOOGLE_PROTOBUF_SCHEMA } from './google-protobuf-schema';

export type ChirpstackVersion = 'v3' | 'v4';

/** The gateway messages LoRaWatch reads; both versions use these names. */
export type GatewayMessageName = 'UplinkFrame' | 'DownlinkFrame' | 'GatewayStats' | 'ConnState';

let root: Root | undefined;
const types = new Map<string, Type>();

/** Parsed once, on first use: the schema text is tiny, and resolving it up front catches a typo at once. */
function schemaRoot(): Root {
  if (root === undefined) {
    const built = new Root();
    for (const schema of [GOOGLE_PROTOBUF_SCHEMA, CHIRPSTACK_V3_GW_SCHEMA, CHIRPSTACK_V4_GW_SCHEMA]) {
      parse(schema, built, { keepCase: true });
    }
    built.resolveAll();
    root = built;
  }
  return root;
}

export function gatewayMessageType(version: ChirpstackVersion, name: GatewayMessageName): Type {
  const fullName = `chirpstack.${version}.${name}`;
  let type = types.get(fullName);
  if (type === undefined) {
    type = schemaRoot().lookupType(fullName);
    types.set(fullName, type);
  }
  return type;
}

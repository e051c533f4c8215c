import { readFixtureText } from '@lorawatch/lorawan/testing/fixtures';
import type { JsonObject } from '../json-fields';
import {
  type ChirpstackVersion,
  gatewayMessageType,
  type GatewayMessageName,
} from '../protobuf/gateway-schema';
import { encodeJsonAsProtobuf } from '../protobuf/proto-json-codec';

/**
 * A JSON fixture as the bridge's protobuf marshaler would have sent it: the same message encoded with
 * the version's gw.proto. `rename` moves a field to its current name first (v4's `time` became `gwTime`,
 * both field 3); fields the schema lacks (v3's legacy `timestamp`) are dropped, as protobuf cannot carry them.
 */
export function fixtureAsProtobuf(
  version: ChirpstackVersion,
  message: GatewayMessageName,
  file: string,
  edit: (json: JsonObject) => void = () => undefined,
): Buffer {
  const json = JSON.parse(readFixtureText(`chirpstack-${version}/${file}`)) as JsonObject;
  edit(json);
  return encodeJsonAsProtobuf(gatewayMessageType(version, message), json);
}

/**
 * Messages encoded by the official generated code (npm @chirpstack/chirpstack-api 3.12.4 and 4.19.0,
 * google-protobuf `serializeBinary`), not by our schema: proof that our hand-written schemas match theirs
 * on the wire. Contents are given in the tests that use them.
 */
export const OFFICIAL_V3_PROTOBUF = {
  up:
    '0a17000101010101010101010101010101010197160ccb3f12121108e0e9849e031a09087d100b1a03342f351a540a087276ff' +
    '002e062c18120c08aecbe7da0510a8b2ee9d0228c9ffffffffffffffff01310000000000001d4038025a1b09cdcccccccc0c4a' +
    '401133333333333311401900000000000028407a04037f8cfc880102',
  down: '2a260a11201a566a5428c418d29e8396d02c46372f12112888cccf9e034209087d100b1a03342f3532087276ff002e062c18',
  stats: '0a087276ff002e062c181a1b09cdcccccccc0c4a40113333333333331140190000000000002840',
  conn: '0a087276ff002e062c181001',
};

export const OFFICIAL_V4_PROTOBUF = {
  up:
    '0a0e80a6fe6a018005000138873a7304221208a0e5c79d03120a1a0808c8d007100728012a760a10303031366330303166313533' +
    '6131346310d73d1a0c08b790aa970610bc95f7b60130ccffffffffffffffff013d6666e640621b09cdcccccccc0c4a401133333333' +
    '333311401900000000000028406a04c70c74197a1b0a12726567696f6e5f636f6d6d6f6e5f6e616d6512054555383638800102',
  down:
    '18d8e5abaa032a290a11201a566a5428c418d29e8396d02c46372f1a140888cccf9e03101b1a0a1a0808c8d007100728013a10' +
    '30303136633030316631353361313463',
  stats:
    '8a0110303031366330303166313533613134631a1b09cdcccccccc0c4a40113333333333331140190000000000002840620808a0' +
    'e5c79d031001',
  conn: '1a10303031366330303166313533613134631001',
};

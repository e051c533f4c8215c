/**
 * The public entry of the ingest context: what other contexts may import (its events, views, ids and the ports
 * others implement). Anything else in the context is its own; the linter refuses another context reaching past here.
 */
export { DeviceAddressBook } from './application/device-address-book';
export { createChirpstackV3Parser } from './chirpstack-v3/chirpstack-v3-parser';
export { CHIRPSTACK_V3_TOPICS } from './chirpstack-v3/chirpstack-v3-topics';
export { createChirpstackV4Parser } from './chirpstack-v4/chirpstack-v4-parser';
export { CHIRPSTACK_V4_TOPICS } from './chirpstack-v4/chirpstack-v4-topics';
export { V4_CODE_RATES } from './chirpstack-v4/code-rate';
export { CollectorHeartbeat } from './collector-heartbeat';
export { type EgressLookup } from './egress-lookup';
export { type JsonObject } from './json-fields';
export { type CollectorSink } from './mqtt/collector-sink';
export { MqttCollector } from './mqtt/mqtt-collector';
export { type ConnectionTestOutcome, testMqttConnection } from './mqtt/test-mqtt-connection';
export {
  type ChirpstackVersion,
  type GatewayMessageName,
  gatewayMessageType,
} from './protobuf/gateway-schema';
export { encodeJsonAsProtobuf } from './protobuf/proto-json-codec';
export { testTtnV2Connection } from './ttn-v2/test-ttn-v2-connection';
export { type TtnV2Account, TtnV2Collector } from './ttn-v2/ttn-v2-collector';
export {
  listTtnV2Gateways,
  TtnV2ApiError,
  type TtnV2FailureType,
  type TtnV2Gateway,
  ttnV2Login,
} from './ttn-v2/ttn-v2-http';
export { createTtnV2Parser } from './ttn-v2/ttn-v2-parser';
export { testTtnV3Connection } from './ttn-v3/test-ttn-v3-connection';
export { TtnV3Collector } from './ttn-v3/ttn-v3-collector';
export { createTtnV3Parser } from './ttn-v3/ttn-v3-parser';

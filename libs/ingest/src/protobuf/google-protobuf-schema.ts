/**
 * The two well-known types the gateway messages use. protobufjs's ProtoJSON extension maps them by full
 * name (`.google.protobuf.Timestamp` ↔ RFC 3339, `.google.protobuf.Duration` ↔ `"1.5s"`), exactly as
 * ChirpStack's JSON marshaler does, so they only need declaring here.
 */
export const GOOGLE_PROTOBUF_SCHEMA = `
syntax = "proto3";
package google.protobuf;

message Timestamp {
  int64 seconds = 1;
  int32 nanos = 2;
}

message Duration {
  int64 seconds = 1;
  int32 nanos = 2;
}
`;

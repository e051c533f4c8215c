/**
 * ChirpStack v4 gateway messages (chirpstack/chirpstack `api/proto/gw/gw.proto` and `common/common.proto`,
 * docs/wire-formats.md §4.3–4.4), written out from the documented field numbers for the same reason as the v3
 * schema (see chirpstack-v3-gw-schema.ts). Only the messages and fields LoRaWatch reads or the simulator
 * writes; other fields are skipped as unknown fields.
 *
 * The `*_legacy` fields keep v3's field numbers and layout, so a v3 Gateway Bridge talking protobuf to a
 * v4 server (the migration path) decodes here too: they are typed with the v3 messages, and therefore come
 * out with v3's JSON names.
 */
export const CHIRPSTACK_V4_GW_SCHEMA = `
syntax = "proto3";
package chirpstack.v4;

import "google/protobuf/timestamp.proto";
import "google/protobuf/duration.proto";

enum LocationSource {
  UNKNOWN = 0;
  GPS = 1;
  CONFIG = 2;
  GEO_RESOLVER_TDOA = 3;
  GEO_RESOLVER_RSSI = 4;
  GEO_RESOLVER_GNSS = 5;
  GEO_RESOLVER_WIFI = 6;
}

message Location {
  double latitude = 1;
  double longitude = 2;
  double altitude = 3;
  LocationSource source = 4;
  float accuracy = 5;
}

enum CodeRate {
  CR_UNDEFINED = 0;
  CR_4_5 = 1;
  CR_4_6 = 2;
  CR_4_7 = 3;
  CR_4_8 = 4;
  CR_3_8 = 5;
  CR_2_6 = 6;
  CR_1_4 = 7;
  CR_1_6 = 8;
  CR_5_6 = 9;
  CR_LI_4_5 = 10;
  CR_LI_4_6 = 11;
  CR_LI_4_8 = 12;
}

enum CRCStatus {
  NO_CRC = 0;
  BAD_CRC = 1;
  CRC_OK = 2;
}

message Modulation {
  oneof parameters {
    LoraModulationInfo lora = 3;
    FskModulationInfo fsk = 4;
    LrFhssModulationInfo lr_fhss = 5;
  }
}

message UplinkTxInfo {
  uint32 frequency = 1;
  Modulation modulation = 2;
}

message LoraModulationInfo {
  uint32 bandwidth = 1;
  uint32 spreading_factor = 2;
  string code_rate_legacy = 3;
  CodeRate code_rate = 5;
  bool polarization_inversion = 4;
  uint32 preamble = 6;
  bool no_crc = 7;
}

message FskModulationInfo {
  uint32 frequency_deviation = 1;
  uint32 datarate = 2;
}

message LrFhssModulationInfo {
  uint32 operating_channel_width = 1;
  string code_rate_legacy = 2;
  CodeRate code_rate = 4;
  uint32 grid_steps = 3;
}

message GatewayStats {
  bytes gateway_id_legacy = 1;
  string gateway_id = 17;
  google.protobuf.Timestamp time = 2;
  Location location = 3;
  string config_version = 4;
  uint32 rx_packets_received = 5;
  uint32 rx_packets_received_ok = 6;
  uint32 tx_packets_received = 7;
  uint32 tx_packets_emitted = 8;
  map<string, string> metadata = 10;
  map<uint32, uint32> tx_packets_per_frequency = 12;
  map<uint32, uint32> rx_packets_per_frequency = 13;
  map<string, uint32> tx_packets_per_status = 16;
}

message UplinkRxInfo {
  string gateway_id = 1;
  uint32 uplink_id = 2;
  google.protobuf.Timestamp gw_time = 3;
  google.protobuf.Timestamp ns_time = 17;
  google.protobuf.Duration time_since_gps_epoch = 4;
  google.protobuf.Duration fine_time_since_gps_epoch = 5;
  int32 rssi = 6;
  float snr = 7;
  uint32 channel = 8;
  uint32 rf_chain = 9;
  uint32 board = 10;
  uint32 antenna = 11;
  Location location = 12;
  bytes context = 13;
  map<string, string> metadata = 15;
  CRCStatus crc_status = 16;
}

message DownlinkTxInfo {
  uint32 frequency = 1;
  int32 power = 2;
  Modulation modulation = 3;
  uint32 board = 4;
  uint32 antenna = 5;
  Timing timing = 6;
  bytes context = 7;
}

message Timing {
  oneof parameters {
    ImmediatelyTimingInfo immediately = 1;
    DelayTimingInfo delay = 2;
    GPSEpochTimingInfo gps_epoch = 3;
  }
}

message ImmediatelyTimingInfo {}

message DelayTimingInfo {
  google.protobuf.Duration delay = 1;
}

message GPSEpochTimingInfo {
  google.protobuf.Duration time_since_gps_epoch = 1;
}

message UplinkFrame {
  bytes phy_payload = 1;
  chirpstack.v3.UplinkTXInfo tx_info_legacy = 2;
  chirpstack.v3.UplinkRXInfo rx_info_legacy = 3;
  UplinkTxInfo tx_info = 4;
  UplinkRxInfo rx_info = 5;
}

message DownlinkFrame {
  uint32 downlink_id = 3;
  bytes downlink_id_legacy = 4;
  repeated DownlinkFrameItem items = 5;
  bytes gateway_id_legacy = 6;
  string gateway_id = 7;
}

message DownlinkFrameItem {
  bytes phy_payload = 1;
  chirpstack.v3.DownlinkTXInfo tx_info_legacy = 2;
  DownlinkTxInfo tx_info = 3;
}

message ConnState {
  bytes gateway_id_legacy = 1;
  string gateway_id = 3;
  enum State {
    OFFLINE = 0;
    ONLINE = 1;
  }
  State state = 2;
}
`;

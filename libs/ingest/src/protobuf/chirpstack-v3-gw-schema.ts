/**
 * ChirpStack v3 gateway messages (brocaar/chirpstack-api `protobuf/gw/gw.proto` and `common/common.proto`,
 * docs/wire-formats.md §3.4–3.5), written out from the documented field numbers rather than taken from the npm
 * package: its generated google-protobuf code registers every class in one global `proto.gw` namespace,
 * which the v4 package overwrites, so the two cannot be loaded in one process.
 *
 * Only the messages a collector reads or the simulator writes. Fields left out are skipped as unknown
 * fields, as proto3 requires. The `json_name`s are v3's own, so a decoded message has the same ProtoJSON
 * shape as the Gateway Bridge's `json` marshaler output. The package name is ours (upstream: `gw`): it never
 * travels on the wire, and it keeps v3 and v4 apart in one schema root.
 */
export const CHIRPSTACK_V3_GW_SCHEMA = `
syntax = "proto3";
package chirpstack.v3;

import "google/protobuf/timestamp.proto";
import "google/protobuf/duration.proto";

enum Modulation {
  LORA = 0;
  FSK = 1;
  LR_FHSS = 2;
}

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
  uint32 accuracy = 5;
}

enum DownlinkTiming {
  IMMEDIATELY = 0;
  DELAY = 1;
  GPS_EPOCH = 2;
}

enum FineTimestampType {
  NONE = 0;
  ENCRYPTED = 1;
  PLAIN = 2;
}

enum CRCStatus {
  NO_CRC = 0;
  BAD_CRC = 1;
  CRC_OK = 2;
}

message UplinkTXInfo {
  uint32 frequency = 1;
  Modulation modulation = 2;
  oneof modulation_info {
    LoRaModulationInfo lora_modulation_info = 3 [json_name = "loRaModulationInfo"];
    FSKModulationInfo fsk_modulation_info = 4;
    LRFHSSModulationInfo lr_fhss_modulation_info = 5 [json_name = "lrFHSSModulationInfo"];
  }
}

message LoRaModulationInfo {
  uint32 bandwidth = 1;
  uint32 spreading_factor = 2;
  string code_rate = 3;
  bool polarization_inversion = 4;
}

message FSKModulationInfo {
  uint32 frequency_deviation = 1;
  uint32 datarate = 2;
}

message LRFHSSModulationInfo {
  uint32 operating_channel_width = 2;
  string code_rate = 4;
}

message EncryptedFineTimestamp {
  uint32 aes_key_index = 1;
  bytes encrypted_ns = 2 [json_name = "encryptedNS"];
  bytes fpga_id = 3 [json_name = "fpgaID"];
}

message PlainFineTimestamp {
  google.protobuf.Timestamp time = 1;
}

message GatewayStats {
  bytes gateway_id = 1 [json_name = "gatewayID"];
  string ip = 9;
  google.protobuf.Timestamp time = 2;
  Location location = 3;
  string config_version = 4;
  uint32 rx_packets_received = 5;
  uint32 rx_packets_received_ok = 6 [json_name = "rxPacketsReceivedOK"];
  uint32 tx_packets_received = 7;
  uint32 tx_packets_emitted = 8;
  map<string, string> meta_data = 10;
  bytes stats_id = 11 [json_name = "statsID"];
}

message UplinkRXInfo {
  bytes gateway_id = 1 [json_name = "gatewayID"];
  google.protobuf.Timestamp time = 2;
  google.protobuf.Duration time_since_gps_epoch = 3 [json_name = "timeSinceGPSEpoch"];
  int32 rssi = 5;
  double lora_snr = 6 [json_name = "loRaSNR"];
  uint32 channel = 7;
  uint32 rf_chain = 8;
  uint32 board = 9;
  uint32 antenna = 10;
  Location location = 11;
  FineTimestampType fine_timestamp_type = 12;
  oneof fine_timestamp {
    EncryptedFineTimestamp encrypted_fine_timestamp = 13;
    PlainFineTimestamp plain_fine_timestamp = 14;
  }
  bytes context = 15;
  bytes uplink_id = 16 [json_name = "uplinkID"];
  CRCStatus crc_status = 17 [json_name = "crcStatus"];
}

message DownlinkTXInfo {
  bytes gateway_id = 1 [json_name = "gatewayID"];
  uint32 frequency = 5;
  int32 power = 6;
  Modulation modulation = 7;
  oneof modulation_info {
    LoRaModulationInfo lora_modulation_info = 8 [json_name = "loRaModulationInfo"];
    FSKModulationInfo fsk_modulation_info = 9;
  }
  uint32 board = 10;
  uint32 antenna = 11;
  DownlinkTiming timing = 12;
  oneof timing_info {
    ImmediatelyTimingInfo immediately_timing_info = 13;
    DelayTimingInfo delay_timing_info = 14;
    GPSEpochTimingInfo gps_epoch_timing_info = 15;
  }
  bytes context = 16;
}

message ImmediatelyTimingInfo {}

message DelayTimingInfo {
  google.protobuf.Duration delay = 1;
}

message GPSEpochTimingInfo {
  google.protobuf.Duration time_since_gps_epoch = 1 [json_name = "timeSinceGPSEpoch"];
}

message UplinkFrame {
  bytes phy_payload = 1;
  UplinkTXInfo tx_info = 2;
  UplinkRXInfo rx_info = 3;
}

message DownlinkFrame {
  bytes phy_payload = 1;
  DownlinkTXInfo tx_info = 2;
  uint32 token = 3;
  bytes downlink_id = 4 [json_name = "downlinkID"];
  repeated DownlinkFrameItem items = 5;
  bytes gateway_id = 6 [json_name = "gatewayID"];
}

message DownlinkFrameItem {
  bytes phy_payload = 1;
  DownlinkTXInfo tx_info = 2;
}

message ConnState {
  bytes gateway_id = 1 [json_name = "gatewayID"];
  enum State {
    OFFLINE = 0;
    ONLINE = 1;
  }
  State state = 2;
}
`;

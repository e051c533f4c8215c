/**
 * What a ChirpStack v3 collector subscribes to (wire-formats §3.7): raw uplinks, gateway stats and
 * connection state, plus the network server's downlink commands, where join accepts can be captured.
 */
export const CHIRPSTACK_V3_TOPICS: readonly string[] = [
  'gateway/+/event/up',
  'gateway/+/event/stats',
  'gateway/+/state/conn',
  'gateway/+/command/down',
];

/**
 * What a ChirpStack v3 collector subscribes to (docs/wire-formats.md §3.7): raw uplinks, gateway stats and
 * connection state, plus the network server's downlink commands, where join accepts can be captured, and
 * the Application Server's `up`/`join` events, which bind DevAddr to DevEUI (§3.6). A broker where those
 * application topics carry nothing costs nothing: an empty subscription is harmless.
 */
export const CHIRPSTACK_V3_TOPICS: readonly string[] = [
  'gateway/+/event/up',
  'gateway/+/event/stats',
  'gateway/+/state/conn',
  'gateway/+/command/down',
  'application/+/device/+/event/up',
  'application/+/device/+/event/join',
];

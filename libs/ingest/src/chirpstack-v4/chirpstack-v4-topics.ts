/**
 * What a ChirpStack v4 collector subscribes to (docs/wire-formats.md §4.1): raw uplinks, gateway stats, connection
 * state and the server's downlink commands (join accepts), both under a region prefix (`eu868/gateway/…`,
 * the MQTT Forwarder default) and without one (the Gateway Bridge v4 built-in default). A topic matches
 * only one of each pair, so no message arrives twice. Plus the application `up`/`join` events, which bind
 * DevAddr to DevEUI (§4.5); harmless where the application integration publishes elsewhere or not at all.
 *
 * Plain subscriptions only, never `$share/…`: a shared subscription would join the network server's group,
 * which load-balances messages between its members, so the collector would take messages away from
 * ChirpStack and miss others itself.
 */
export const CHIRPSTACK_V4_TOPICS: readonly string[] = [
  '+/gateway/+/event/up',
  '+/gateway/+/event/stats',
  '+/gateway/+/state/conn',
  '+/gateway/+/command/down',
  'gateway/+/event/up',
  'gateway/+/event/stats',
  'gateway/+/state/conn',
  'gateway/+/command/down',
  'application/+/device/+/event/up',
  'application/+/device/+/event/join',
];

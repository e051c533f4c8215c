import mqtt from 'mqtt';
import type { TtnV3Peer } from './ttn-v3-peer';

/** The topic filter of the `ttn-v3` simulator format (ttn-v3-format.ts). */
export const TTN_V3_SIM_TOPICS = 'ttn-v3/gateways/+/+';

export interface TtnV3Relay {
  /** Events handed to the peer so far. */
  relayed(): number;
  close(): Promise<void>;
}

/**
 * Feeds a TTN v3 peer from a broker: the simulator (and `npm run simulate -- --format ttn-v3`) publishes
 * over MQTT, collectors read the peer's Events stream over HTTP as they would read The Things Stack.
 */
export async function relayTtnV3Events(brokerUrl: string, peer: TtnV3Peer): Promise<TtnV3Relay> {
  const client = await mqtt.connectAsync(brokerUrl, { reconnectPeriod: 1000 });
  let relayed = 0;
  client.on('message', (_topic, payload) => {
    let event: unknown;
    try {
      event = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    if (typeof event !== 'object' || event === null || Array.isArray(event)) return;
    peer.publish(event as Record<string, unknown>);
    relayed += 1;
  });
  await client.subscribeAsync(TTN_V3_SIM_TOPICS, { qos: 1 });
  return {
    relayed: () => relayed,
    close: () => client.endAsync(),
  };
}

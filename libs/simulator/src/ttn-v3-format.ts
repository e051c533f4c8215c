import { ttnV3EventFor, ttnV3GatewayId } from './ttn-v3-events';
import type { WireFormat } from './wire-format';

/**
 * The Things Stack: each simulated event as the Gateway Server event the Events stream would deliver, the
 * payload being the event JSON. TTS publishes these over HTTP, not MQTT; the topic
 * `ttn-v3/gateways/{gateway id}/{event name}` only routes them, e.g. into the local TTN v3 peer
 * (ttn-v3-peer.ts), which serves them to collectors as the real Events stream does.
 */
export const ttnV3Format: WireFormat = {
  name: 'ttn-v3',
  encode(event) {
    // TTS streams application events to applications, not on the gateway stream collectors read.
    if (event.kind === 'application') return null;
    const ttnEvent = ttnV3EventFor(event);
    return {
      topic: `ttn-v3/gateways/${ttnV3GatewayId(event.gateway)}/${ttnEvent.name}`,
      payload: Buffer.from(JSON.stringify(ttnEvent)),
      retain: false,
    };
  },
};

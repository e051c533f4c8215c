import type { LoRaTx, SimEvent, SimGateway } from './sim-event';

export type TtnV2FrameType =
  'gateway uplink' | 'gateway downlink' | 'gateway join request' | 'gateway join accept' | 'gateway status';

/** One line of the TTN v2 traffic stream (protocol in libs/ingest/src/ttn-v2/ttn-v2-protocol.ts). */
export interface TtnV2Frame {
  type: TtnV2FrameType;
  gateway_id: string;
  /** Base64 PHYPayload; none for a status. */
  payload?: string;
  snr?: number;
  rssi?: number;
  /** MHz. */
  frequency?: number;
  /** `SF7BW125`. */
  data_rate?: string;
  coding_rate?: string;
  /** Concentrator counter, µs. */
  timestamp?: number;
  time?: string;
  dev_eui?: string;
  latitude?: number;
  longitude?: number;
  altitude?: number;
}

/** Gateways registered by EUI got the v2 ID `eui-<eui>`; the simulated ones are. */
export function ttnV2GatewayId(gateway: SimGateway): string {
  return `eui-${gateway.eui}`;
}

/**
 * Turns a simulated event into the traffic-stream frame a TTN v2 server would send for it: uplinks and
 * downlinks by their MType (join requests and accepts have their own frame types), gateway stats as a status
 * with the gateway's position. v2 had no gateway connect/disconnect frames, and application events are not traffic: those give undefined.
 */
export function ttnV2FrameFor(event: SimEvent): TtnV2Frame | undefined {
  switch (event.kind) {
    case 'uplink':
      return {
        type: mTypeOf(event.phyPayload) === 0 ? 'gateway join request' : 'gateway uplink',
        gateway_id: ttnV2GatewayId(event.gateway),
        payload: event.phyPayload.toString('base64'),
        snr: event.snr,
        rssi: event.rssi,
        ...radio(event.tx),
        timestamp: event.tmst,
        time: event.gatewayTime.toISOString(),
      };
    case 'downlink':
      return {
        type: mTypeOf(event.phyPayload) === 1 ? 'gateway join accept' : 'gateway downlink',
        gateway_id: ttnV2GatewayId(event.gateway),
        payload: event.phyPayload.toString('base64'),
        ...radio(event.tx),
        time: event.at.toISOString(),
      };
    case 'gateway-stats':
      return {
        type: 'gateway status',
        gateway_id: ttnV2GatewayId(event.gateway),
        time: event.at.toISOString(),
        latitude: event.gateway.latitude,
        longitude: event.gateway.longitude,
        altitude: event.gateway.altitude,
      };
    case 'gateway-connection':
    case 'application':
      return undefined;
  }
}

function mTypeOf(phyPayload: Buffer): number {
  return phyPayload.length > 0 ? phyPayload[0] >> 5 : -1;
}

function radio(tx: LoRaTx): Pick<TtnV2Frame, 'frequency' | 'data_rate' | 'coding_rate'> {
  return {
    frequency: tx.frequency / 1_000_000,
    data_rate: `SF${tx.spreadingFactor}BW${tx.bandwidth / 1000}`,
    coding_rate: tx.codeRate,
  };
}

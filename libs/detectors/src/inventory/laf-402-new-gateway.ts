import type { AlertDraft } from '@lorawatch/domain/alert';
import type { Packet } from '@lorawatch/domain/packet';
import { alertId, draftAlert } from '../alert-draft';
import { initialGatewayState, type GatewayDetectionState } from '../detection-state';
import { laterOf } from '../time';

/**
 * LAF-402: the first packet relayed by a gateway unknown in its data source. Every device partition meets the
 * same gateway, so the id depends on the data source and gateway only and the event store keeps one alert.
 */
export interface NewGatewayInput {
  gateway: GatewayDetectionState | undefined;
  packet: Packet;
  devAddr: string | null;
}

export interface NewGatewayOutput {
  gateway: GatewayDetectionState | undefined;
  alerts: AlertDraft[];
}

export function detectNewGateway(input: NewGatewayInput): NewGatewayOutput {
  const { packet } = input;
  if (packet.gateway === null) return { gateway: input.gateway, alerts: [] };
  if (input.gateway !== undefined) {
    return {
      gateway: { ...input.gateway, lastSeenAt: laterOf(input.gateway.lastSeenAt, packet.date) },
      alerts: [],
    };
  }
  const alert = draftAlert({
    code: 'LAF-402',
    packet,
    id: alertId('LAF-402', packet.dataSourceId, packet.gateway),
    devAddr: input.devAddr,
  });
  return { gateway: initialGatewayState(packet), alerts: [alert] };
}

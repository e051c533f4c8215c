import { alertId, draftAlert } from '../alert-draft';
import { unchanged, type DetectorInput, type DetectorStep } from '../detector-step';
import { epochMs } from '../time';
import { greatCircleMetres, reportedPosition } from './great-circle-distance';

/**
 * LAF-010: a gateway reports a position further than `location_accuracy` metres from its known one
 * (docs/alert-catalogue.md LAF-010). The known position then becomes the new one, so each move alerts once.
 *
 * Under the accuracy the known position stays where it was, rather than following every reading as the source
 * did: GPS jitter then never adds up to an alert, while a gateway carried away in small steps still does once it
 * is far enough from where it was. A packet dated before the known position was set is a late delivery from
 * before the move and must not move the gateway back.
 *
 * The runner keys the state by data source + gateway. Every device partition relaying through the gateway may
 * meet the same move, so the alert id depends on the gateway and its new position, and the event store keeps
 * one alert.
 */
export const GATEWAY_LOCATION_VERSION = 1;

export interface GatewayLocationState {
  version: typeof GATEWAY_LOCATION_VERSION;
  dataSourceId: number;
  gateway: string;
  latitude: number;
  longitude: number;
  /** The packet that set the known position. */
  packetId: string;
  date: string;
}

export function detectGatewayMoved(
  state: GatewayLocationState | undefined,
  input: DetectorInput,
): DetectorStep<GatewayLocationState | undefined> {
  const { packet, policy } = input;
  const gateway = packet.gateway;
  const position = reportedPosition(packet.latitude, packet.longitude);
  if (gateway === null || position === null) return unchanged(state);
  if (state !== undefined && (state.gateway !== gateway || state.dataSourceId !== packet.dataSourceId)) {
    throw new Error(
      `gateway state ${state.dataSourceId}:${state.gateway} does not belong to packet ${packet.id}`,
    );
  }
  const known: GatewayLocationState = {
    version: GATEWAY_LOCATION_VERSION,
    dataSourceId: packet.dataSourceId,
    gateway,
    ...position,
    packetId: packet.id,
    date: packet.date,
  };
  if (state === undefined) return { state: known, alerts: [], cleared: [] };
  if (epochMs(packet.date) < epochMs(state.date)) return unchanged(state);

  const distance = greatCircleMetres(state, position);
  if (!(distance > policy.parameter('LAF-010', 'location_accuracy'))) return unchanged(state);
  const alert = draftAlert({
    code: 'LAF-010',
    packet,
    id: alertId('LAF-010', packet.dataSourceId, gateway, position.latitude, position.longitude),
    devAddr: input.devAddr,
    parameters: {
      old_latitude: state.latitude,
      old_longitude: state.longitude,
      new_latitude: position.latitude,
      new_longitude: position.longitude,
      // Whole metres: finer than any gateway position.
      distance: Math.round(distance),
    },
  });
  return { state: known, alerts: [alert], cleared: [] };
}

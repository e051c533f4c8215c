import type { MapCircle, MapPoint } from '../../../components/map/AssetMap';
import type { Asset360 } from '../types/asset-360';
import { GATEWAY_CIRCLE_RADIUS_M } from '../types/asset-view-constants';

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * What the 360 view's map shows: the asset where it is known, and each gateway hearing a device, each gateway
 * with its 5000 m circle (a device is somewhere within reach of its gateways).
 */
export function assetMapContent(asset: Asset360): { points: MapPoint[]; circles: MapCircle[] } {
  const points: MapPoint[] = [];
  const circles: MapCircle[] = [];
  const own = asset.location;
  if (own && isNumber(own.latitude) && isNumber(own.longitude)) {
    points.push({
      id: `${asset.type}-${asset.id}`,
      latitude: own.latitude,
      longitude: own.longitude,
      label: asset.hex_id.toUpperCase(),
      kind: asset.type,
    });
    if (asset.type === 'gateway') {
      circles.push({ latitude: own.latitude, longitude: own.longitude, radius: GATEWAY_CIRCLE_RADIUS_M });
    }
  }
  for (const entry of asset.gateway_locations ?? []) {
    for (const [gatewayId, gateway] of Object.entries(entry)) {
      if (!isNumber(gateway.latitude) || !isNumber(gateway.longitude)) continue;
      points.push({
        id: `gateway-${gatewayId}`,
        latitude: gateway.latitude,
        longitude: gateway.longitude,
        label: (gateway.name ?? gateway.hex_id).toUpperCase(),
        kind: 'gateway',
      });
      circles.push({
        latitude: gateway.latitude,
        longitude: gateway.longitude,
        radius: GATEWAY_CIRCLE_RADIUS_M,
      });
    }
  }
  return { points, circles };
}

/** Earth radius the source uses (the WGS 84 equatorial radius), so distances match its thresholds. */
export const EARTH_RADIUS_METRES = 6378137;

export interface Position {
  latitude: number;
  longitude: number;
}

/** Haversine distance in metres. */
export function greatCircleMetres(a: Position, b: Position): number {
  const radians = (degrees: number): number => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h));
}

/**
 * The position a packet reports for its gateway, or null when it reports none. (0, 0) is what gateways without
 * a fix and forwarders with an empty configuration send, so it means "unknown", not the Gulf of Guinea.
 */
export function reportedPosition(latitude: number | null, longitude: number | null): Position | null {
  if (latitude === null || longitude === null) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (latitude === 0 && longitude === 0) return null;
  return { latitude, longitude };
}

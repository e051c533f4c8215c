/** A thing to pin on a map: a device or a gateway at a known position. */
export interface MapPoint {
  id: string;
  latitude: number;
  longitude: number;
  label: string;
  kind: 'device' | 'gateway';
}

/** An area around a position; `radius` in metres (the 360 view draws 5000 m around each gateway). */
export interface MapCircle {
  latitude: number;
  longitude: number;
  radius: number;
}

/** [[west, south], [east, north]] in degrees. */
export type MapBounds = [[number, number], [number, number]];

/** Mean Earth radius (IUGG), metres: precise enough for circles of a few kilometres. */
const EARTH_RADIUS_M = 6_371_008.8;
/** Web Mercator cannot show the poles; positions beyond this latitude cannot be placed. */
const MAX_MERCATOR_LATITUDE = 85.051129;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/**
 * Whether a position can be drawn. The API answers null (or, from some collectors, 0/0 for "unknown") when a
 * gateway reported no location; neither is a real place, so both are left off the map.
 */
export function isPlaceable(latitude: unknown, longitude: unknown): boolean {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return false;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return false;
  if (latitude === 0 && longitude === 0) return false;
  return Math.abs(latitude) <= MAX_MERCATOR_LATITUDE && Math.abs(longitude) <= 180;
}

export function placeablePoints(points: readonly MapPoint[]): MapPoint[] {
  return points.filter((point) => isPlaceable(point.latitude, point.longitude));
}

export function placeableCircles(circles: readonly MapCircle[]): MapCircle[] {
  return circles.filter(
    (circle) =>
      isPlaceable(circle.latitude, circle.longitude) && Number.isFinite(circle.radius) && circle.radius > 0,
  );
}

/** The point `distance` metres away from the centre along `bearing` (degrees from north), on a sphere. */
export function destination(
  latitude: number,
  longitude: number,
  distance: number,
  bearing: number,
): [longitude: number, latitude: number] {
  const angular = distance / EARTH_RADIUS_M;
  const phi1 = toRadians(latitude);
  const lambda1 = toRadians(longitude);
  const theta = toRadians(bearing);
  const phi2 = Math.asin(
    Math.sin(phi1) * Math.cos(angular) + Math.cos(phi1) * Math.sin(angular) * Math.cos(theta),
  );
  const lambda2 =
    lambda1 +
    Math.atan2(
      Math.sin(theta) * Math.sin(angular) * Math.cos(phi1),
      Math.cos(angular) - Math.sin(phi1) * Math.sin(phi2),
    );
  // Normalise to [-180, 180) so rings near the antimeridian stay valid GeoJSON.
  const normalised = ((toDegrees(lambda2) + 540) % 360) - 180;
  return [normalised, toDegrees(phi2)];
}

/** A circle of `radius` metres as a closed GeoJSON ring of `steps` vertices (plus the closing one). */
export function circleRing(circle: MapCircle, steps = 64): Array<[number, number]> {
  const ring: Array<[number, number]> = [];
  for (let step = 0; step < steps; step += 1) {
    ring.push(destination(circle.latitude, circle.longitude, circle.radius, (360 * step) / steps));
  }
  ring.push(ring[0]);
  return ring;
}

export interface CirclePolygonFeature {
  type: 'Feature';
  properties: { radius: number };
  geometry: { type: 'Polygon'; coordinates: Array<Array<[number, number]>> };
}

export interface CircleFeatureCollection {
  type: 'FeatureCollection';
  features: CirclePolygonFeature[];
}

/** Maplibre has no metric circle layer (its circles are in pixels), so areas are drawn as polygons. */
export function circlePolygon(circle: MapCircle, steps = 64): CirclePolygonFeature {
  return {
    type: 'Feature',
    properties: { radius: circle.radius },
    geometry: { type: 'Polygon', coordinates: [circleRing(circle, steps)] },
  };
}

export function circlesCollection(circles: readonly MapCircle[], steps = 64): CircleFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: placeableCircles(circles).map((circle) => circlePolygon(circle, steps)),
  };
}

/** The box holding every placeable point and the whole of every circle; null when nothing can be placed. */
export function boundsOf(points: readonly MapPoint[], circles: readonly MapCircle[] = []): MapBounds | null {
  const corners: Array<[number, number]> = placeablePoints(points).map((point) => [
    point.longitude,
    point.latitude,
  ]);
  for (const circle of placeableCircles(circles)) {
    for (const bearing of [0, 90, 180, 270]) {
      corners.push(destination(circle.latitude, circle.longitude, circle.radius, bearing));
    }
  }
  if (corners.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const [longitude, latitude] of corners) {
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
    south = Math.min(south, latitude);
    north = Math.max(north, latitude);
  }
  return [
    [west, south],
    [east, north],
  ];
}

/** Web Mercator in unit square coordinates: x 0..1 west to east, y 0..1 north to south. */
export function mercator(latitude: number, longitude: number): { x: number; y: number } {
  const sinLatitude = Math.sin(toRadians(latitude));
  return {
    x: (longitude + 180) / 360,
    y: 0.5 - Math.log((1 + sinLatitude) / (1 - sinLatitude)) / (4 * Math.PI),
  };
}

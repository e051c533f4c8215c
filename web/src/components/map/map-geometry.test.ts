import {
  boundsOf,
  circlePolygon,
  circlesCollection,
  destination,
  isPlaceable,
  mercator,
  placeablePoints,
  type MapPoint,
} from './map-geometry';

/** Great-circle distance in metres, written independently of `destination` to check it. */
function haversine([lon1, lat1]: [number, number], [lon2, lat2]: [number, number]): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(a));
}

const point = (
  id: string,
  latitude: number,
  longitude: number,
  kind: MapPoint['kind'] = 'gateway',
): MapPoint => ({
  id,
  latitude,
  longitude,
  label: id,
  kind,
});

describe('map geometry', () => {
  it('places real positions only (no nulls, no 0/0 "unknown", nothing beyond Web Mercator)', () => {
    expect(isPlaceable(52.35, 4.93)).toBe(true);
    expect(isPlaceable(-33.9, 151.2)).toBe(true);
    expect(isPlaceable(null, 4.93)).toBe(false);
    expect(isPlaceable(52.35, undefined)).toBe(false);
    expect(isPlaceable(Number.NaN, 4.93)).toBe(false);
    expect(isPlaceable(0, 0)).toBe(false);
    expect(isPlaceable(89.9, 10)).toBe(false);
    expect(isPlaceable(10, 181)).toBe(false);
    expect(placeablePoints([point('a', 52.35, 4.93), point('b', 0, 0)]).map((p) => p.id)).toEqual(['a']);
  });

  it('draws a circle of the given radius in metres as a closed polygon', () => {
    const feature = circlePolygon({ latitude: 52.35, longitude: 4.93, radius: 5000 }, 32);
    expect(feature.geometry.type).toBe('Polygon');
    const [ring] = feature.geometry.coordinates;
    expect(ring).toHaveLength(33);
    expect(ring[0]).toEqual(ring[32]);
    for (const vertex of ring) {
      expect(haversine([4.93, 52.35], vertex)).toBeCloseTo(5000, 0);
    }
    // North of the centre first, then clockwise (east at a quarter turn).
    expect(ring[0][1]).toBeGreaterThan(52.35);
    expect(ring[8][0]).toBeGreaterThan(4.93);
  });

  it('keeps circle rings valid across the antimeridian', () => {
    const east = destination(0, 179.99, 5000, 90);
    expect(east[0]).toBeLessThan(-179.9);
    expect(east[0]).toBeGreaterThanOrEqual(-180);
  });

  it('leaves unplaceable circles out of the collection', () => {
    const collection = circlesCollection([
      { latitude: 52.35, longitude: 4.93, radius: 5000 },
      { latitude: Number.NaN, longitude: 4.93, radius: 5000 },
      { latitude: 52.35, longitude: 4.93, radius: 0 },
    ]);
    expect(collection.features).toHaveLength(1);
    expect(collection.features[0].properties.radius).toBe(5000);
  });

  it('bounds every point and the whole of every circle; null when nothing can be placed', () => {
    expect(boundsOf([])).toBeNull();
    expect(boundsOf([point('a', 0, 0)], [{ latitude: 0, longitude: 0, radius: 10 }])).toBeNull();
    expect(boundsOf([point('a', 52, 4), point('b', 53, 5, 'device')])).toEqual([
      [4, 52],
      [5, 53],
    ]);
    const [[west, south], [east, north]] = boundsOf(
      [point('a', 52.35, 4.93)],
      [{ latitude: 52.35, longitude: 4.93, radius: 5000 }],
    )!;
    expect(haversine([4.93, 52.35], [4.93, north])).toBeCloseTo(5000, 0);
    expect(haversine([4.93, 52.35], [4.93, south])).toBeCloseTo(5000, 0);
    expect(haversine([4.93, 52.35], [east, 52.35])).toBeGreaterThan(4990);
    expect(west).toBeLessThan(4.93);
  });

  it('projects with Web Mercator: north up, east right', () => {
    const amsterdam = mercator(52.37, 4.9);
    const paris = mercator(48.86, 2.35);
    expect(amsterdam.y).toBeLessThan(paris.y);
    expect(amsterdam.x).toBeGreaterThan(paris.x);
    expect(mercator(0, 0)).toEqual({ x: 0.5, y: 0.5 });
  });
});

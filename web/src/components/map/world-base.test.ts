import { describe, expect, it } from 'vitest';
import { localMapStyle } from './map-style';
import { loadWorldBase, outlinePath } from './world-base';

const COLORS = { water: '#d4e4f1', land: '#f8f9fa', coastline: '#868e96', border: '#adb5bd' };

describe('offline base map', () => {
  it('turns the shipped country outlines into land, coastlines and borders', async () => {
    const world = await loadWorldBase();
    expect(world.land.features.length).toBeGreaterThan(150);
    const names = world.land.features.map((country) => country.properties?.name);
    expect(names).toEqual(expect.arrayContaining(['France', 'Brazil', 'Australia']));
    expect(world.coastlines.coordinates.length).toBeGreaterThan(50);
    expect(world.borders.coordinates.length).toBeGreaterThan(50);
    // Longitudes and latitudes, not TopoJSON's quantized integers.
    const [longitude, latitude] = world.coastlines.coordinates[0][0];
    expect(Math.abs(longitude)).toBeLessThanOrEqual(180);
    expect(Math.abs(latitude)).toBeLessThanOrEqual(90);
  });

  it('draws water only until the outlines are loaded, then land and coastlines over it', async () => {
    expect(localMapStyle(COLORS).layers.map((layer) => layer.id)).toEqual(['background']);
    const style = localMapStyle(COLORS, await loadWorldBase());
    expect(style.layers.map((layer) => layer.id)).toEqual(['background', 'land', 'borders', 'coastlines']);
    expect(Object.keys(style.sources)).toEqual(['world-land', 'world-coastlines', 'world-borders']);
    // Everything is inline: the style names no URL to download.
    expect(JSON.stringify(style)).not.toMatch(/https?:/);
  });
});

describe('outline paths for the static map', () => {
  it('draws each ring of a polygon, clamping latitudes Mercator cannot reach', () => {
    const project = (latitude: number, longitude: number) => ({ x: longitude, y: -latitude });
    const square: GeoJSON.Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [10, 0],
          [10, -90],
          [0, 0],
        ],
      ],
    };
    expect(outlinePath(square, project)).toBe('M0.0,0.0L10.0,0.0L10.0,85.0L0.0,0.0Z');
    expect(
      outlinePath({ type: 'MultiPolygon', coordinates: [square.coordinates, square.coordinates] }, project),
    ).toHaveLength(2 * 'M0.0,0.0L10.0,0.0L10.0,85.0L0.0,0.0Z'.length);
    expect(outlinePath({ type: 'Point', coordinates: [1, 2] }, project)).toBe('');
  });
});

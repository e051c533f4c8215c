import type { StyleSpecification } from 'maplibre-gl';
import type { WorldBase } from './world-base';

export interface LocalMapColors {
  water: string;
  land: string;
  coastline: string;
  border: string;
}

/**
 * A style with nothing to download, used when the deployment names no tile server (`MAP_STYLE_URL`), or when the
 * one it names cannot be reached (this console often runs on networks without internet): water, and once the
 * outlines shipped with the console are loaded, land, coastlines and country borders over it. Markers and circles
 * are drawn on top.
 */
export function localMapStyle(colors: LocalMapColors, world: WorldBase | null = null): StyleSpecification {
  const style: StyleSpecification = {
    version: 8,
    name: 'LoRaWatch offline',
    sources: {},
    layers: [{ id: 'background', type: 'background', paint: { 'background-color': colors.water } }],
  };
  if (!world) return style;
  style.sources = {
    'world-land': { type: 'geojson', data: world.land },
    'world-coastlines': { type: 'geojson', data: world.coastlines },
    'world-borders': { type: 'geojson', data: world.borders },
  };
  style.layers.push(
    { id: 'land', type: 'fill', source: 'world-land', paint: { 'fill-color': colors.land } },
    {
      id: 'borders',
      type: 'line',
      source: 'world-borders',
      paint: { 'line-color': colors.border, 'line-width': 0.6, 'line-dasharray': [3, 2] },
    },
    {
      id: 'coastlines',
      type: 'line',
      source: 'world-coastlines',
      paint: { 'line-color': colors.coastline, 'line-width': 1 },
    },
  );
  return style;
}

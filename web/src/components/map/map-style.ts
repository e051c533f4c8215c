import type { StyleSpecification } from 'maplibre-gl';

/**
 * A style with nothing to download: a plain background. Used when the deployment names no tile server, or when
 * the one it names cannot be reached (this console often runs on networks without internet), so markers and
 * circles still have somewhere to be drawn.
 */
export function localMapStyle(backgroundColor: string): StyleSpecification {
  return {
    version: 8,
    name: 'LoRaWatch offline',
    sources: {},
    layers: [{ id: 'background', type: 'background', paint: { 'background-color': backgroundColor } }],
  };
}

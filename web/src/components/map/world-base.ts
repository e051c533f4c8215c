import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * Land and country borders for maps without a tile server: Natural Earth's 1:110m outlines shipped in the
 * `world-atlas` package, turned from TopoJSON into GeoJSON. Nothing is fetched from the network.
 */
export interface WorldBase {
  /** Every country as a polygon: filled, they draw the land. */
  land: GeoJSON.FeatureCollection;
  /** Coastlines: the outer edges of the countries (arcs used by a single country). */
  coastlines: GeoJSON.MultiLineString;
  /** Borders between two countries. */
  borders: GeoJSON.MultiLineString;
}

type CountriesTopology = Topology<{ countries: GeometryCollection }>;

export function worldBaseFrom(topology: CountriesTopology): WorldBase {
  const countries = topology.objects.countries;
  return {
    land: feature(topology, countries),
    coastlines: mesh(topology, countries, (a, b) => a === b),
    borders: mesh(topology, countries, (a, b) => a !== b),
  };
}

let loading: Promise<WorldBase> | null = null;

/** Loads the outlines once (a separate bundle chunk of about 100 kB) and shares them between maps. */
export function loadWorldBase(): Promise<WorldBase> {
  loading ??= import('world-atlas/countries-110m.json').then((module) =>
    worldBaseFrom((module as { default: unknown }).default as CountriesTopology),
  );
  return loading;
}

/** Web Mercator cannot reach the poles: outlines are clamped to the latitudes interactive maps show. */
const MAX_LATITUDE = 85;

/**
 * An SVG path (`M…L…Z` per ring) of polygons, through `project` from latitude and longitude to drawing
 * coordinates; for the static map that browsers without WebGL get.
 */
export function outlinePath(
  geometry: GeoJSON.Geometry,
  project: (latitude: number, longitude: number) => { x: number; y: number },
): string {
  const rings =
    geometry.type === 'Polygon'
      ? geometry.coordinates
      : geometry.type === 'MultiPolygon'
        ? geometry.coordinates.flat()
        : [];
  return rings
    .map(
      (ring) =>
        ring
          .map(([longitude, latitude], index) => {
            const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude));
            const { x, y } = project(clamped, longitude);
            return `${index === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
          })
          .join('') + 'Z',
    )
    .join('');
}

import 'maplibre-gl/dist/maplibre-gl.css';
import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import MapLibreMap, { Layer, Marker, NavigationControl, ScaleControl, Source } from 'react-map-gl/maplibre';
import { MapMarker } from './MapMarker';
import { boundsOf, circlesCollection, type MapCircle, type MapPoint } from './map-geometry';
import { localMapStyle } from './map-style';
import { loadWorldBase, type WorldBase } from './world-base';

export interface MapCanvasProps {
  points: MapPoint[];
  circles: MapCircle[];
  height: number;
  zoom: number;
  styleUrl: string | null;
  /** WebGL could not start after all: the caller shows its static drawing instead. */
  onUnavailable: () => void;
}

/** The interactive maplibre map. Loaded lazily: maplibre is large and jsdom cannot run it. */
export default function MapCanvas({
  points,
  circles,
  height,
  zoom,
  styleUrl,
  onUnavailable,
}: MapCanvasProps) {
  const theme = useMantineTheme();
  const scheme = useComputedColorScheme('light');
  // Once the remote style fails, this map stays on the local one (a remount, not a style swap mid-flight).
  const [remoteFailed, setRemoteFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const useRemote = styleUrl !== null && !remoteFailed;
  const [world, setWorld] = useState<WorldBase | null>(null);

  useEffect(() => {
    if (useRemote) return;
    let current = true;
    loadWorldBase().then(
      (loaded) => {
        if (current) setWorld(loaded);
      },
      // Without the outlines the map still shows water, markers and circles.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [useRemote]);

  const mapStyle = useMemo(() => {
    if (useRemote) return styleUrl;
    const dark = scheme === 'dark';
    return localMapStyle(
      {
        water: dark ? theme.colors.dark[8] : '#d4e4f1',
        land: dark ? theme.colors.dark[5] : theme.colors.gray[0],
        coastline: dark ? theme.colors.dark[2] : theme.colors.gray[6],
        border: dark ? theme.colors.dark[3] : theme.colors.gray[5],
      },
      world,
    );
  }, [useRemote, styleUrl, scheme, theme, world]);
  const circleData = useMemo(() => circlesCollection(circles), [circles]);
  const initialViewState = useMemo(() => {
    const bounds = boundsOf(points, circles);
    if (!bounds) return { longitude: 0, latitude: 0, zoom: 1 };
    const [[west, south], [east, north]] = bounds;
    if (west === east && south === north) return { longitude: west, latitude: south, zoom };
    return { bounds, fitBoundsOptions: { padding: 40, maxZoom: zoom } };
  }, [points, circles, zoom]);

  const circleColor = theme.colors.grape[6];

  return (
    <MapLibreMap
      key={useRemote ? 'remote' : 'local'}
      mapStyle={mapStyle}
      initialViewState={initialViewState}
      style={{ width: '100%', height }}
      attributionControl={useRemote ? undefined : false}
      cooperativeGestures
      onLoad={() => setLoaded(true)}
      onError={(event) => {
        // No map object means the map itself could not start (typically WebGL): nothing to retry here.
        if (!event.target) {
          onUnavailable();
          return;
        }
        // Before the first load an error is the style itself (unreachable tile server): draw offline instead.
        // Later errors are single tiles or sprites; the map keeps working without them.
        if (useRemote && !loaded) setRemoteFailed(true);
      }}
    >
      <NavigationControl showCompass={false} position="top-right" />
      <ScaleControl position="bottom-left" />
      {circleData.features.length > 0 && (
        <Source id="asset-map-circles" type="geojson" data={circleData}>
          <Layer
            id="asset-map-circles-fill"
            type="fill"
            paint={{ 'fill-color': circleColor, 'fill-opacity': 0.12 }}
          />
          <Layer
            id="asset-map-circles-outline"
            type="line"
            paint={{ 'line-color': circleColor, 'line-width': 1.5, 'line-opacity': 0.7 }}
          />
        </Source>
      )}
      {points.map((point) => (
        <Marker key={point.id} longitude={point.longitude} latitude={point.latitude} anchor="bottom">
          <MapMarker point={point} />
        </Marker>
      ))}
    </MapLibreMap>
  );
}

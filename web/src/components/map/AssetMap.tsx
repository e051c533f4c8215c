import { Box, Center, Skeleton, Text } from '@mantine/core';
import { Component, Suspense, lazy, useMemo, useState, type ReactNode } from 'react';
import { StaticMap } from './StaticMap';
import { useMapStyleUrl } from './map-config';
import { placeableCircles, placeablePoints, type MapCircle, type MapPoint } from './map-geometry';
import { webglSupported } from './webgl';

export type { MapCircle, MapPoint } from './map-geometry';

export interface AssetMapProps {
  points: MapPoint[];
  /** Areas of `radius` metres (the 360 view: 5000 around each gateway). */
  circles?: MapCircle[];
  /** Pixels; the map's width follows its container. */
  height?: number;
  /** The zoom of a single position, and the closest a fit to several may get. */
  zoom?: number;
}

export const DEFAULT_MAP_HEIGHT = 300;
export const DEFAULT_MAP_ZOOM = 10;

const MapCanvas = lazy(() => import('./MapCanvas'));

/** Anything thrown while loading or drawing the interactive map turns into the static drawing. */
class CanvasBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Devices and gateways on a map, with metric circles. Works without internet: the tile server comes from the
 * deployment's configuration, and without one (or when it cannot be reached) the map draws on a plain
 * background; without WebGL it becomes a static drawing. Shows 'Not available' when no position is known.
 */
export function AssetMap({
  points,
  circles = [],
  height = DEFAULT_MAP_HEIGHT,
  zoom = DEFAULT_MAP_ZOOM,
}: AssetMapProps) {
  const placedPoints = useMemo(() => placeablePoints(points), [points]);
  const placedCircles = useMemo(() => placeableCircles(circles), [circles]);
  const styleUrl = useMapStyleUrl();
  const [webgl] = useState(webglSupported);
  const [canvasFailed, setCanvasFailed] = useState(false);

  const frame = (content: ReactNode) => (
    <Box data-testid="asset-map" h={height} pos="relative" style={{ borderRadius: 4, overflow: 'hidden' }}>
      {content}
    </Box>
  );

  if (placedPoints.length === 0 && placedCircles.length === 0) {
    return frame(
      <Center h="100%" bg="var(--mantine-color-default-hover)">
        <Text c="dimmed">Not available</Text>
      </Center>,
    );
  }

  const staticMap = <StaticMap points={placedPoints} circles={placedCircles} height={height} />;
  if (!webgl || canvasFailed) return frame(staticMap);
  if (styleUrl === undefined) return frame(<Skeleton h={height} aria-label="Loading map" />);
  return frame(
    <CanvasBoundary fallback={staticMap}>
      <Suspense fallback={<Skeleton h={height} aria-label="Loading map" />}>
        <MapCanvas
          points={placedPoints}
          circles={placedCircles}
          height={height}
          zoom={zoom}
          styleUrl={styleUrl}
          onUnavailable={() => setCanvasFailed(true)}
        />
      </Suspense>
    </CanvasBoundary>,
  );
}

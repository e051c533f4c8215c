import { Box, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MARKER_COLORS } from './MapMarker';
import {
  boundsOf,
  circleRing,
  mercator,
  placeableCircles,
  type MapCircle,
  type MapPoint,
} from './map-geometry';
import { loadWorldBase, outlinePath, type WorldBase } from './world-base';

const VIEW_WIDTH = 1000;
const PADDING = 60;

/**
 * A flat drawing of the same points and circles, for browsers where maplibre cannot run (no WebGL). It keeps
 * the map's information (what is where, what each gateway covers) without tiles or interaction.
 */
export function StaticMap({
  points,
  circles,
  height,
}: {
  points: MapPoint[];
  circles: MapCircle[];
  height: number;
}) {
  const world = useWorldBase();
  const bounds = boundsOf(points, circles);
  if (!bounds) return null;
  const [[west, south], [east, north]] = bounds;
  const topLeft = mercator(north, west);
  const bottomRight = mercator(south, east);
  const spanX = Math.max(bottomRight.x - topLeft.x, 1e-9);
  const spanY = Math.max(bottomRight.y - topLeft.y, 1e-9);
  const viewHeight = Math.max(height * 2, 200);
  // One scale for both axes, so circles stay round.
  const scale = Math.min((VIEW_WIDTH - 2 * PADDING) / spanX, (viewHeight - 2 * PADDING) / spanY);
  const offsetX = (VIEW_WIDTH - spanX * scale) / 2;
  const offsetY = (viewHeight - spanY * scale) / 2;
  const project = (latitude: number, longitude: number) => {
    const { x, y } = mercator(latitude, longitude);
    return { x: offsetX + (x - topLeft.x) * scale, y: offsetY + (y - topLeft.y) * scale };
  };

  return (
    <Box pos="relative" h={height} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 4 }}>
      <svg
        width="100%"
        height="100%"
        viewBox={`0 0 ${VIEW_WIDTH} ${viewHeight}`}
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-label="Asset locations"
        data-testid="static-map"
      >
        {world && (
          <g data-testid="map-land" fill="var(--mantine-color-body)" stroke="var(--mantine-color-dimmed)">
            {world.land.features.map((country, index) => (
              <path key={index} d={outlinePath(country.geometry, project)} strokeWidth={1.5} />
            ))}
          </g>
        )}
        {placeableCircles(circles).map((circle, index) => (
          <polygon
            key={`circle-${index}`}
            data-testid="map-circle"
            points={circleRing(circle, 48)
              .map(([longitude, latitude]) => {
                const { x, y } = project(latitude, longitude);
                return `${x.toFixed(1)},${y.toFixed(1)}`;
              })
              .join(' ')}
            fill="var(--mantine-color-grape-6)"
            fillOpacity={0.12}
            stroke="var(--mantine-color-grape-6)"
            strokeOpacity={0.7}
            strokeWidth={2}
          />
        ))}
        {points.map((point) => {
          const { x, y } = project(point.latitude, point.longitude);
          return (
            <g
              key={point.id}
              data-testid="map-marker"
              data-kind={point.kind}
              aria-label={`${point.kind} ${point.label}`}
            >
              <circle
                cx={x}
                cy={y}
                r={12}
                fill={`var(--mantine-color-${MARKER_COLORS[point.kind]}-6)`}
                stroke="var(--mantine-color-body)"
                strokeWidth={3}
              />
              <text x={x} y={y + 34} textAnchor="middle" fontSize={22} fill="var(--mantine-color-text)">
                {point.label}
              </text>
            </g>
          );
        })}
      </svg>
      <Text size="xs" c="dimmed" pos="absolute" bottom={4} left={8}>
        Simplified map: this browser cannot draw interactive maps.
      </Text>
    </Box>
  );
}

/** The shipped land outlines, once loaded (the drawing shows without them meanwhile). */
function useWorldBase(): WorldBase | null {
  const [world, setWorld] = useState<WorldBase | null>(null);
  useEffect(() => {
    let current = true;
    loadWorldBase().then(
      (loaded) => {
        if (current) setWorld(loaded);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return world;
}

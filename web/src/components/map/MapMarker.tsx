import { Box, Text } from '@mantine/core';
import type { MapPoint } from './map-geometry';

export const MARKER_COLORS: Record<MapPoint['kind'], string> = { device: 'blue', gateway: 'grape' };

/** A pin whose glyph tells the kind apart: a dot for devices, an antenna for gateways. */
export function MarkerGlyph({ kind, size = 28 }: { kind: MapPoint['kind']; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden focusable="false">
      <path
        d="M12 2C7.6 2 4 5.5 4 9.9 4 15.5 12 22 12 22s8-6.5 8-12.1C20 5.5 16.4 2 12 2z"
        fill={`var(--mantine-color-${MARKER_COLORS[kind]}-6)`}
        stroke="var(--mantine-color-body)"
        strokeWidth="1.2"
      />
      {kind === 'gateway' ? (
        <g stroke="white" strokeWidth="1.4" fill="none" strokeLinecap="round">
          <path d="M12 9.5v5" />
          <path d="M9.2 7.2a4 4 0 0 0 0 5.2M14.8 7.2a4 4 0 0 1 0 5.2" />
          <circle cx="12" cy="9.8" r="0.9" fill="white" />
        </g>
      ) : (
        <circle cx="12" cy="10" r="3.2" fill="white" />
      )}
    </svg>
  );
}

/** The pin with its label underneath (DOM text: the offline style has no glyphs for symbol layers). */
export function MapMarker({ point }: { point: MapPoint }) {
  return (
    <Box
      data-testid="map-marker"
      data-kind={point.kind}
      role="img"
      aria-label={`${point.kind} ${point.label}`}
      title={point.label}
      pos="relative"
      style={{ lineHeight: 0 }}
    >
      <MarkerGlyph kind={point.kind} />
      {/* Under the pin, outside its box: the pin's tip is what sits on the position. */}
      <Text
        size="xs"
        fw={600}
        px={4}
        lh={1.4}
        bg="var(--mantine-color-body)"
        pos="absolute"
        top="100%"
        left="50%"
        style={{ transform: 'translateX(-50%)', borderRadius: 4, whiteSpace: 'nowrap', opacity: 0.9 }}
      >
        {point.label}
      </Text>
    </Box>
  );
}

import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { ServicesProvider } from '../../lib/services-context';
import { createServices } from '../../lib/services';
import { createFakeFetch, jsonResponse, type FakeRoute } from '../../test/fake-fetch';
import { FakeSocket } from '../../test/fake-socket';
import { AssetMap, type AssetMapProps } from './AssetMap';
import * as webgl from './webgl';

// The seam: jsdom has no WebGL, so the interactive canvas is replaced by a probe showing what it was given.
vi.mock('./MapCanvas', () => ({
  default: (props: { styleUrl: string | null; points: unknown[]; circles: unknown[]; zoom: number }) => (
    <div data-testid="map-canvas" data-style-url={String(props.styleUrl)} data-zoom={props.zoom}>
      {props.points.length} points, {props.circles.length} circles
    </div>
  ),
}));

async function renderMap(props: AssetMapProps, backend: Record<string, FakeRoute> = {}) {
  const { fetch, requests } = createFakeFetch(backend);
  const services = createServices({
    storage: window.localStorage,
    fetch,
    createSocket: () => new FakeSocket(),
  });
  render(
    <MantineProvider env="test">
      <ServicesProvider services={services}>
        <AssetMap {...props} />
      </ServicesProvider>
    </MantineProvider>,
  );
  // Lets the configuration call settle inside act.
  await act(async () => {});
  return { requests };
}

const GATEWAY = {
  id: 'g1',
  latitude: 52.35,
  longitude: 4.93,
  label: 'B827EBFFFE8965A2',
  kind: 'gateway',
} as const;
const DEVICE = {
  id: 'd1',
  latitude: 52.36,
  longitude: 4.95,
  label: '70B3D50AA200000A',
  kind: 'device',
} as const;

describe('AssetMap', () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows 'Not available' when no position is known", async () => {
    await renderMap({ points: [{ ...GATEWAY, latitude: Number.NaN }], circles: [] });
    expect(screen.getByTestId('asset-map')).toHaveTextContent('Not available');
    expect(screen.queryByTestId('map-marker')).not.toBeInTheDocument();
  });

  it('draws points and circles statically where WebGL is missing', async () => {
    await renderMap({
      points: [GATEWAY, DEVICE],
      circles: [{ latitude: GATEWAY.latitude, longitude: GATEWAY.longitude, radius: 5000 }],
    });
    expect(screen.getByRole('img', { name: 'Asset locations' })).toBeInTheDocument();
    const markers = screen.getAllByTestId('map-marker');
    expect(markers.map((marker) => marker.getAttribute('data-kind'))).toEqual(['gateway', 'device']);
    expect(screen.getByText('B827EBFFFE8965A2')).toBeInTheDocument();
    expect(screen.getAllByTestId('map-circle')).toHaveLength(1);
    expect(screen.queryByText('Not available')).not.toBeInTheDocument();
  });

  it('gives the interactive map the style URL of the server configuration', async () => {
    vi.spyOn(webgl, 'webglSupported').mockReturnValue(true);
    const { requests } = await renderMap(
      { points: [GATEWAY], circles: [{ latitude: 52.35, longitude: 4.93, radius: 5000 }], zoom: 10 },
      { 'GET console_config': () => jsonResponse({ map_style_url: 'https://tiles.example.org/style.json' }) },
    );
    const canvas = await screen.findByTestId('map-canvas');
    expect(canvas).toHaveAttribute('data-style-url', 'https://tiles.example.org/style.json');
    expect(canvas).toHaveAttribute('data-zoom', '10');
    expect(canvas).toHaveTextContent('1 points, 1 circles');
    expect(requests[0].headers.Authorization).toBeUndefined();
  });

  it('uses the local style when the server has no configuration to give', async () => {
    vi.spyOn(webgl, 'webglSupported').mockReturnValue(true);
    await renderMap(
      { points: [DEVICE] },
      { 'GET console_config': () => jsonResponse({ message: 'Boom' }, 500) },
    );
    await waitFor(() => expect(screen.getByTestId('map-canvas')).toHaveAttribute('data-style-url', 'null'));
  });
});

import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type FakeRoute, type RecordedRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { UsageAsset } from '../types/network';

const counter = (total: number, percentage: number | null) => ({ total, percentage });

const DEVICE: UsageAsset = {
  id: 11,
  hex_id: '70b3d57ed0000001',
  dev_addr: '26011bda',
  type: 'Device',
  name: null,
  data_collector: 'Demo network',
  app_name: null,
  connected: true,
  last_activity: 1_700_000_000,
  activity_freq: 10.72,
  packets_up: counter(2, 66.666),
  packets_down: counter(1, 33.333),
  packets_lost: counter(0, 0),
  retransmissions: 0,
  join_requests: 1,
  failed_join_requests: 0,
  max_rssi: -111.1,
  max_lsnr: 4.89,
  payload_size: 17,
  ngateways_connected_to: 3,
  spread_factor: 10,
};

const GATEWAY: UsageAsset = {
  ...DEVICE,
  id: 22,
  hex_id: 'b827ebfffe000001',
  dev_addr: null,
  type: 'Gateway',
  packets_lost: null,
  max_rssi: null,
  max_lsnr: null,
  payload_size: null,
  spread_factor: null,
  ngateways_connected_to: null,
};

const groups = (entries: [unknown, string, number][]) => ({
  total_count: entries.reduce((sum, [, , count]) => sum + count, 0),
  groups: entries.map(([id, name, count]) => ({ id, name, count })),
});

function backend(overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    'GET resource_usage/list': () =>
      jsonResponse({ assets: [DEVICE, GATEWAY], total_items: 2, total_pages: 1 }),
    'GET resource_usage/count/status': () =>
      jsonResponse(
        groups([
          ['connected', 'connected', 2],
          ['disconnected', 'disconnected', 1],
        ]),
      ),
    'GET resource_usage/count/gateway': () => jsonResponse(groups([[22, 'b827ebfffe000001', 2]])),
    'GET resource_usage/count/signal': () =>
      jsonResponse(groups([[{ min_signal_strength: -120, max_signal_strength: -110 }, 'Very weak', 1]])),
    'GET resource_usage/count/loss': () =>
      jsonResponse(groups([[{ min_packet_loss: 0, max_packet_loss: 10 }, '[0,10)', 1]])),
    'GET data_collectors': () => jsonResponse({ data_collectors: [{ id: 1, name: 'Demo network' }] }),
    'GET resource_usage/device/11': () =>
      jsonResponse({
        ...DEVICE,
        last_packets_list: [
          {
            date: '2024-03-05 14:07:09+0000',
            rssi: -114,
            lsnr: 4.8,
            gateway: 'b827ebfffe000001',
            gateway_id: 22,
          },
          {
            date: '2024-03-05 14:07:19+0000',
            rssi: -110,
            lsnr: 5.1,
            gateway: 'b827ebfffe000001',
            gateway_id: 22,
          },
        ],
      }),
    ...overrides,
  };
}

const lastRequest = (requests: RecordedRequest[], path: string) =>
  [...requests].reverse().find((request) => request.path === path);

async function openOverview(overrides: Record<string, FakeRoute> = {}) {
  storeSession();
  const app = renderApp('/dashboard/resources_usage', backend(overrides));
  await waitFor(() => expect(screen.getAllByTestId('network-row')).toHaveLength(2));
  return app;
}

describe('Network overview page', () => {
  it('lists assets with the spec columns, ordered by frequency', async () => {
    const { requests } = await openOverview();
    expect(screen.getByRole('heading', { name: 'NETWORK OVERVIEW' })).toBeInTheDocument();
    const headers = within(screen.getByTestId('network-table'))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'type',
      'ID',
      'DEV ADDR',
      'NAME',
      'LAST MESSAGE',
      'MESSAGES (U/D/L)',
      'FREQUENCY',
      'RSSI',
      'SNR',
      'SF',
      'Payload',
      '# GW',
    ]);
    const [device, gateway] = screen.getAllByTestId('network-row');
    expect(within(device).getByText('26011BDA')).toBeInTheDocument();
    expect(within(device).getByText('2/1/0')).toBeInTheDocument();
    expect(within(device).getByText('UNUSABLE')).toBeInTheDocument();
    expect(within(gateway).getByText('2/1/-')).toBeInTheDocument();
    const list = lastRequest(requests, 'resource_usage/list')!;
    expect(list.query.getAll('order_by[]')).toEqual(['activity_freq', 'DESC']);
    expect(list.query.get('size')).toBe('50');
    expect(screen.getByLabelText('Items per page')).toHaveValue('50');
  });

  it('filters by a status slice and reloads the charts from page 1', async () => {
    const user = userEvent.setup();
    const { requests } = await openOverview();
    await user.click(
      within(screen.getByTestId('chart-status')).getByRole('button', { name: 'disconnected: 1' }),
    );
    await waitFor(() =>
      expect(lastRequest(requests, 'resource_usage/list')!.query.get('asset_status')).toBe('disconnected'),
    );
    expect(lastRequest(requests, 'resource_usage/list')!.query.get('page')).toBe('1');
    for (const chart of ['status', 'gateway', 'signal', 'loss'])
      expect(lastRequest(requests, `resource_usage/count/${chart}`)!.query.get('asset_status')).toBe(
        'disconnected',
      );
    const chips = screen.getByTestId('filter-chips');
    expect(within(chips).getByText('disconnected')).toBeInTheDocument();
    await user.click(within(chips).getByRole('button', { name: 'Clear' }));
    await waitFor(() =>
      expect(lastRequest(requests, 'resource_usage/list')!.query.has('asset_status')).toBe(false),
    );
  });

  it('turns a signal band into a slider range with its chip', async () => {
    const user = userEvent.setup();
    const { requests } = await openOverview();
    await user.click(
      within(screen.getByTestId('chart-signal')).getByRole('button', { name: 'Very weak: 1' }),
    );
    await waitFor(() => {
      const query = lastRequest(requests, 'resource_usage/list')!.query;
      expect(query.get('min_signal_strength')).toBe('-120');
      expect(query.get('max_signal_strength')).toBe('-110');
    });
    expect(within(screen.getByTestId('filter-chips')).getByText('-120..-110 dBm')).toBeInTheDocument();
    expect(screen.getByText('Signal strength (dBm): -120 – -110')).toBeInTheDocument();
  });

  it('cycles the type filter and hides the search and charts panel', async () => {
    const user = userEvent.setup();
    const { requests } = await openOverview();
    await user.click(screen.getByTestId('type-filter'));
    await waitFor(() =>
      expect(lastRequest(requests, 'resource_usage/list')!.query.get('asset_type')).toBe('gateway'),
    );
    const toggle = screen.getByRole('button', { name: 'Hide search and charts' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Show search and charts' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('opens a device with its 24-hour statistics and signal graph', async () => {
    const user = userEvent.setup();
    await openOverview();
    await user.click(screen.getAllByTestId('network-row')[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Device 70B3D57ED0000001' });
    const statistics = within(dialog).getByTestId('usage-statistics');
    expect(within(statistics).getByText('2 (66.7%)')).toBeInTheDocument();
    expect(within(statistics).getByText('1 (33.3%)')).toBeInTheDocument();
    expect(within(statistics).getByText('-111.1 dBm (VERY WEAK)')).toBeInTheDocument();
    const graph = await within(dialog).findByTestId('signal-graph');
    expect(within(graph).getByLabelText('Packets')).toHaveValue('20');
    expect(
      within(graph)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '20', '30', '50', '70', '100', '150', '200'].map((count) => `Last ${count}`));
    expect(within(graph).getByRole('img', { name: /Signal of the last 2 packets/ })).toBeInTheDocument();
  });

  it('shows a gateway without a signal graph', async () => {
    const user = userEvent.setup();
    await openOverview({
      'GET resource_usage/gateway/22': () => jsonResponse({ ...GATEWAY, last_packets_list: null }),
    });
    await user.click(screen.getAllByTestId('network-row')[1]);
    const dialog = await screen.findByRole('dialog', { name: 'Gateway B827EBFFFE000001' });
    expect(within(dialog).getByTestId('usage-summary')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('signal-graph')).toBeNull();
  });

  it('shows the Oops box when the list cannot load', async () => {
    storeSession();
    renderApp(
      '/dashboard/resources_usage',
      backend({ 'GET resource_usage/list': () => jsonResponse({}, 500) }),
    );
    expect(await screen.findByText('Something went wrong. Try again later.')).toBeInTheDocument();
  });

  it('shows the empty text when nothing matches', async () => {
    storeSession();
    renderApp(
      '/dashboard/resources_usage',
      backend({
        'GET resource_usage/list': () => jsonResponse({ assets: [], total_items: 0, total_pages: 0 }),
      }),
    );
    expect(await screen.findByText('There is no results for selected filters')).toBeInTheDocument();
  });
});

describe('Network overview page as at a past time', () => {
  const AS_OF = '2026-01-10T08:00:00.000Z';
  const listReads = (requests: RecordedRequest[]) =>
    requests.filter((request) => request.method === 'GET' && request.path === 'resource_usage/list');

  async function openAt(path: string) {
    storeSession();
    const app = renderApp(path, backend());
    await waitFor(() => expect(screen.getAllByTestId('network-row')).toHaveLength(2));
    return app;
  }

  it('reads the list, its charts and a device opened as at the time shown, under the banner', async () => {
    const user = userEvent.setup();
    const { requests } = await openAt(`/dashboard/resources_usage?as_of=${AS_OF}`);
    expect(screen.getByText(/Showing the history as of/)).toBeInTheDocument();
    await user.click(screen.getAllByTestId('network-row')[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Device 70B3D57ED0000001' });
    expect(await within(dialog).findByTestId('signal-graph')).toBeInTheDocument();
    const counts = ['status', 'gateway', 'signal', 'loss'].map((by) => `resource_usage/count/${by}`);
    for (const path of ['resource_usage/list', ...counts, 'resource_usage/device/11']) {
      const sent = requests.filter((request) => request.method === 'GET' && request.path === path);
      expect(sent.length).toBeGreaterThan(0);
      for (const request of sent) expect(request.query.get('as_of')).toBe(AS_OF);
    }
  });

  it('reads the list again on live changes, but not while a past time is shown', async () => {
    // Given the live overview, a change of the assets' read model reads the list again
    const live = await openAt('/dashboard/resources_usage');
    expect(listReads(live.requests).every((request) => request.query.get('as_of') === null)).toBe(true);
    const liveBefore = listReads(live.requests).length;
    const liveSocket = live.sockets[0];
    liveSocket.connect();
    act(() => liveSocket.serverEmit('projection_updated', { projection: 'assets', collections: ['assets'] }));
    await waitFor(() => expect(listReads(live.requests).length).toBe(liveBefore + 1));
    cleanup();

    // When a past time is shown, the same change reads nothing
    const past = await openAt(`/dashboard/resources_usage?as_of=${AS_OF}`);
    const pastBefore = listReads(past.requests).length;
    const pastSocket = past.sockets[0];
    pastSocket.connect();
    act(() => pastSocket.serverEmit('projection_updated', { projection: 'assets', collections: ['assets'] }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listReads(past.requests).length).toBe(pastBefore);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { jsonResponse, type FakeRoute, type RecordedRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import {
  DEVICE_ID,
  GATEWAY_ID,
  SECOND_GATEWAY_ID,
  makeAssetAlert,
  makeDevice,
  makeGateway,
  makeGatewayUsage,
  makeInventoryDevice,
  makeIssue,
  makeUsage,
} from '../testing/asset-fixtures';
import type { AssetAlert } from '../types/asset-360';

const DEVICE_PATH = `inventory/device/${DEVICE_ID}`;
const GATEWAY_PATH = `inventory/gateway/${GATEWAY_ID}`;

function page<T>(key: string, items: T[], size: number, total = items.length) {
  return { [key]: items, total_items: total, total_pages: Math.ceil(total / size) };
}

function deviceBackend(
  overrides: Record<string, FakeRoute> = {},
  alerts: AssetAlert[] = [],
): Record<string, FakeRoute> {
  return {
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    'GET console_config': () => jsonResponse({ map_style_url: null }),
    [`GET ${DEVICE_PATH}`]: () => jsonResponse(makeDevice()),
    [`GET resource_usage/device/${DEVICE_ID}`]: () => jsonResponse(makeUsage()),
    'GET resource_usage/list': () =>
      jsonResponse(
        page(
          'assets',
          [
            makeGatewayUsage(GATEWAY_ID, 'b827ebfffe8965a2'),
            makeGatewayUsage(SECOND_GATEWAY_ID, 'b827ebfffe87ae4d'),
          ],
          100,
        ),
      ),
    [`GET ${DEVICE_PATH}/alerts`]: (request: RecordedRequest) => {
      const size = Number(request.query.get('size'));
      const start = (Number(request.query.get('page')) - 1) * size;
      return jsonResponse(page('alerts', alerts.slice(start, start + size), size, alerts.length));
    },
    [`GET ${DEVICE_PATH}/issues`]: () => jsonResponse(page('issues', [], 5)),
    ...overrides,
  };
}

function gatewayBackend(overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    'GET console_config': () => jsonResponse({ map_style_url: null }),
    [`GET ${GATEWAY_PATH}`]: () => jsonResponse(makeGateway()),
    [`GET resource_usage/gateway/${GATEWAY_ID}`]: () =>
      jsonResponse(makeGatewayUsage(GATEWAY_ID, 'b827ebfffe8965a2')),
    [`GET ${GATEWAY_PATH}/alerts`]: () => jsonResponse(page('alerts', [], 7)),
    [`GET ${GATEWAY_PATH}/issues`]: () => jsonResponse(page('issues', [], 5)),
    'GET inventory/list': (request: RecordedRequest) =>
      jsonResponse(
        request.query.getAll('tag_ids[]').length > 0
          ? page('assets', [], 5)
          : page(
              'assets',
              [makeInventoryDevice({ tags: [{ id: 4, name: 'basement', color: '#5d9cec' }] })],
              5,
              6,
            ),
      ),
    'GET inventory/count/tag': () => jsonResponse([{ id: 4, name: 'basement', color: '#5d9cec', count: 3 }]),
    ...overrides,
  };
}

function openView(path: string, backend: Record<string, FakeRoute>) {
  storeSession();
  return renderApp(path, backend);
}

const lastRequest = (requests: ReturnType<typeof renderApp>['requests'], path: string) =>
  [...requests].reverse().find((request) => request.path === path);

describe('Asset 360 view', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a device: state, identity, details, map, network figures and its gateways', async () => {
    const alerts = [
      makeAssetAlert({ id: 1, created_at: '2024-03-05 14:07:09+0000' }),
      makeAssetAlert(
        { id: 2, created_at: '2024-03-05 13:00:00+0000', resolved_at: '2024-03-05 13:30:00+0000' },
        'LAF-400',
      ),
    ];
    const { requests } = openView(`/dashboard/assets/device/${DEVICE_ID}/view`, deviceBackend({}, alerts));

    const header = await screen.findByTestId('asset-header');
    expect(within(header).getByRole('heading', { level: 1 })).toHaveTextContent('DEVICE 70B3D50AA200000A');
    expect(within(header).getByTestId('connection-state')).toHaveTextContent('transmitting');
    expect(within(header).getByTestId('device-address')).toHaveTextContent('Device address: 00DB3692');
    expect(within(header).getByRole('img', { name: 'Device' })).toBeInTheDocument();

    const details = screen.getByTestId('asset-details');
    const rows = within(details)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'NameWater meter 7',
      'StatusConnected',
      'VendorWanco Inc',
      'ApplicationMetering',
      'Join EUI/App EUI70B3D57ED0DEB1FF',
      'Data sourceDemo network',
      'ImportanceHIGH',
      'Labelsbasement',
    ]);

    // jsdom has no WebGL: the map is the static drawing, with the one gateway whose position is known.
    const map = screen.getByTestId('asset-map');
    expect(within(map).getAllByTestId('map-marker')).toHaveLength(1);
    expect(within(map).getByText('B827EBFFFE8965A2')).toBeInTheDocument();
    expect(within(map).getAllByTestId('map-circle')).toHaveLength(1);

    const network = await screen.findByTestId('asset-network');
    await waitFor(() => expect(within(network).getByTestId('rssi')).toHaveTextContent('-108 dBm'));
    expect(within(network).getByRole('img', { name: 'Signal WEAK' })).toBeInTheDocument();
    expect(within(network).getByTestId('snr')).toHaveTextContent('5.9 dB');
    expect(within(network).getByTestId('payload-size')).toHaveTextContent('28 bytes');
    expect(within(network).getByTestId('message-frequency')).toHaveTextContent('every 32 s');
    expect(within(network).getByTestId('last-message')).toHaveTextContent('03/05/24 02:07:09 PM');
    const gateways = within(network).getByTestId('connected-gateways');
    await waitFor(() => expect(within(gateways).getAllByRole('link')).toHaveLength(2));
    expect(gateways).toHaveTextContent('2');
    expect(within(gateways).getByRole('link', { name: 'B827EBFFFE87AE4D' })).toHaveAttribute(
      'href',
      `/dashboard/assets/gateway/${SECOND_GATEWAY_ID}/view`,
    );
    expect(within(network).getByTestId('messages-24h')).toHaveTextContent(
      'Up: 17 (85.0%)Down: 2 (10.0%)Lost: 1 (5.0%)',
    );

    const gatewayCall = lastRequest(requests, 'resource_usage/list')!;
    expect(gatewayCall.query.get('asset_type')).toBe('gateway');
    expect(gatewayCall.query.getAll('device_ids[]')).toEqual([String(DEVICE_ID)]);
    expect(gatewayCall.query.get('size')).toBe('100');
  });

  it('lists alerts 7 a page newest first, highlights resolved ones and toggles the date order', async () => {
    const alerts = Array.from({ length: 9 }, (_, index) =>
      makeAssetAlert({
        id: 100 + index,
        resolved_at: index === 1 ? '2024-03-05 15:00:00+0000' : null,
        created_at: `2024-03-05 1${index}:00:00+0000`,
      }),
    );
    const { requests } = openView(`/dashboard/assets/device/${DEVICE_ID}/view`, deviceBackend({}, alerts));

    const table = await screen.findByTestId('asset-alerts-table');
    const rows = within(table).getAllByTestId('asset-alert-row');
    expect(rows).toHaveLength(7);
    expect(rows.map((row) => row.getAttribute('data-resolved'))).toEqual([
      'false',
      'true',
      'false',
      'false',
      'false',
      'false',
      'false',
    ]);
    expect(within(rows[1]).getByText('Resolved')).toBeInTheDocument();
    expect(screen.getByTestId('asset-alerts-total')).toHaveTextContent('9 alerts');

    const listCall = requests.find(
      (request) => request.path === `${DEVICE_PATH}/alerts` && request.query.get('size') === '7',
    )!;
    expect(listCall.query.get('page')).toBe('1');
    expect(listCall.query.getAll('order_by[]')).toEqual(['created_at', 'DESC']);
    expect(listCall.query.get('created_at[gte]')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Sort by date, oldest first' }));
    await waitFor(() =>
      expect(
        requests.some(
          (request) =>
            request.path === `${DEVICE_PATH}/alerts` && request.query.getAll('order_by[]')[1] === 'ASC',
        ),
      ).toBe(true),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getAllByTestId('asset-alert-row')).toHaveLength(2));
  });

  it('opens an alert of the list in the alert dialog and walks to the next one', async () => {
    const alerts = [makeAssetAlert({ id: 1 }), makeAssetAlert({ id: 2 }, 'LAF-400')];
    openView(`/dashboard/assets/device/${DEVICE_ID}/view`, deviceBackend({}, alerts));

    const [first] = await screen.findAllByTestId('asset-alert-row');
    await userEvent.click(first);
    expect(await screen.findByTestId('alert-dialog-title')).toHaveTextContent('Possible Join replay attack');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('alert-dialog-title')).toHaveTextContent('New device');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('draws the latest 20 alerts on the timeline and asks for more when the quantity changes', async () => {
    const alerts = [
      makeAssetAlert({ id: 1, created_at: '2024-03-05 14:07:09+0000' }),
      makeAssetAlert({ id: 2, created_at: '2024-03-05 13:07:09+0000' }, 'LAF-400'),
    ];
    const { requests } = openView(`/dashboard/assets/device/${DEVICE_ID}/view`, deviceBackend({}, alerts));

    const timeline = await screen.findByTestId('alerts-timeline');
    expect(within(timeline).getAllByTestId('timeline-alert')).toHaveLength(2);
    expect(within(timeline).getByRole('button', { name: /New device, INFO/ })).toBeInTheDocument();
    expect(
      requests.some(
        (request) => request.path === `${DEVICE_PATH}/alerts` && request.query.get('size') === '20',
      ),
    ).toBe(true);

    await userEvent.selectOptions(screen.getByLabelText('Alerts'), '50');
    await waitFor(() =>
      expect(
        requests.some(
          (request) => request.path === `${DEVICE_PATH}/alerts` && request.query.get('size') === '50',
        ),
      ).toBe(true),
    );
    await userEvent.selectOptions(screen.getByLabelText('Alerts'), 'all');
    await waitFor(() =>
      expect(
        requests.some(
          (request) => request.path === `${DEVICE_PATH}/alerts` && request.query.get('size') === '1000',
        ),
      ).toBe(true),
    );

    await userEvent.click(within(timeline).getByRole('button', { name: /New device, INFO/ }));
    expect(await screen.findByTestId('alert-dialog-title')).toHaveTextContent('New device');
  });

  it('narrows the alerts to the last day with the D preset', async () => {
    const { requests } = openView(`/dashboard/assets/device/${DEVICE_ID}/view`, deviceBackend());
    await screen.findByTestId('asset-header');
    await userEvent.click(screen.getByRole('button', { name: 'Last day' }));
    await waitFor(() => {
      const call = lastRequest(requests, `${DEVICE_PATH}/alerts`)!;
      const from = new Date(call.query.get('created_at[gte]')!).getTime();
      expect(Math.abs(Date.now() - 86_400_000 - from)).toBeLessThan(60_000);
    });
    expect(screen.getByRole('button', { name: 'Last day' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the empty texts when there are no alerts and no current issues', async () => {
    openView(`/dashboard/assets/device/${DEVICE_ID}/view`, deviceBackend());
    const alertsPanel = await screen.findByTestId('asset-alerts');
    await waitFor(() => expect(alertsPanel).toHaveTextContent('There are no alerts to show.'));
    expect(screen.getByTestId('alerts-timeline-panel')).toHaveTextContent('There are no alerts to show.');
    await waitFor(() =>
      expect(screen.getByTestId('asset-issues')).toHaveTextContent('There are no current issues to show'),
    );
  });

  it('lists current issues 5 a page, newest first, and opens their alert', async () => {
    const { requests } = openView(
      `/dashboard/assets/device/${DEVICE_ID}/view`,
      deviceBackend({ [`GET ${DEVICE_PATH}/issues`]: () => jsonResponse(page('issues', [makeIssue()], 5)) }),
    );
    const row = await screen.findByTestId('asset-issue-row');
    expect(row).toHaveTextContent('Possible Join replay attack');
    expect(row).toHaveTextContent('Since 03/05/24 01:00:00 PM');
    const call = lastRequest(requests, `${DEVICE_PATH}/issues`)!;
    expect(call.query.get('size')).toBe('5');
    expect(call.query.getAll('order_by[]')).toEqual(['since', 'DESC']);

    await userEvent.click(within(row).getByRole('button'));
    expect(await screen.findByTestId('alert-dialog-title')).toHaveTextContent('Possible Join replay attack');
    expect(screen.getByText('Last checked: 03/05/24 02:00:00 PM')).toBeInTheDocument();
  });

  it("shows the 'Oops!' box when the alerts cannot be read", async () => {
    openView(
      `/dashboard/assets/device/${DEVICE_ID}/view`,
      deviceBackend({ [`GET ${DEVICE_PATH}/alerts`]: () => jsonResponse({ message: 'Boom' }, 500) }),
    );
    const alertsPanel = await screen.findByTestId('asset-alerts');
    await waitFor(() => expect(within(alertsPanel).getByTestId('error-box')).toHaveTextContent('Oops!'));
    expect(within(alertsPanel).getByTestId('error-box')).toHaveTextContent(
      'Something went wrong. Try again later.',
    );
  });

  it('copies the link of the view and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    openView(`/dashboard/assets/device/${DEVICE_ID}/view`, deviceBackend());
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('copied to clipboard...')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(
      expect.stringContaining(`/dashboard/assets/device/${DEVICE_ID}/view`),
    );
  });

  it('shows a gateway: not transmitting, no device-only rows, its circle and its devices with a label filter', async () => {
    const { requests } = openView(`/dashboard/assets/gateway/${GATEWAY_ID}/view`, gatewayBackend());

    const header = await screen.findByTestId('asset-header');
    expect(within(header).getByRole('heading', { level: 1 })).toHaveTextContent('GATEWAY B827EBFFFE8965A2');
    expect(within(header).getByTestId('connection-state')).toHaveTextContent('not transmitting');
    expect(within(header).queryByTestId('device-address')).not.toBeInTheDocument();
    expect(within(header).getByRole('img', { name: 'Gateway' })).toBeInTheDocument();
    const details = screen.getByTestId('asset-details');
    expect(within(details).queryByText('Application')).not.toBeInTheDocument();
    expect(within(details).queryByText('Join EUI/App EUI')).not.toBeInTheDocument();
    expect(within(details).getByText('No tags to show')).toBeInTheDocument();

    const map = screen.getByTestId('asset-map');
    expect(within(map).getAllByTestId('map-marker')).toHaveLength(1);
    expect(within(map).getAllByTestId('map-circle')).toHaveLength(1);
    expect(screen.getByTestId('asset-network')).not.toHaveTextContent('RSSI');

    const inventory = screen.getByTestId('gateway-devices');
    const deviceRow = await within(inventory).findByTestId('gateway-device-row');
    expect(within(deviceRow).getByRole('link', { name: '70B3D50AA200000A' })).toHaveAttribute(
      'href',
      `/dashboard/assets/device/${DEVICE_ID}/view`,
    );
    expect(inventory).toHaveTextContent('6 devices');
    const listCall = lastRequest(requests, 'inventory/list')!;
    expect(listCall.query.get('size')).toBe('5');
    expect(listCall.query.getAll('gateway_ids[]')).toEqual([String(GATEWAY_ID)]);
    expect(listCall.query.get('asset_type')).toBe('device');

    await userEvent.click(within(inventory).getByRole('textbox', { name: 'Filter by label' }));
    await userEvent.click(await screen.findByRole('option', { name: 'basement (3)' }));
    await waitFor(() => expect(inventory).toHaveTextContent('No devices found'));
    expect(lastRequest(requests, 'inventory/list')!.query.getAll('tag_ids[]')).toEqual(['4']);
  });

  it("shows 'Not available' where no position is known", async () => {
    openView(
      `/dashboard/assets/gateway/${GATEWAY_ID}/view`,
      gatewayBackend({
        [`GET ${GATEWAY_PATH}`]: () =>
          jsonResponse(makeGateway({ location: { latitude: null, longitude: null } })),
      }),
    );
    await screen.findByTestId('asset-header');
    expect(screen.getByTestId('asset-map')).toHaveTextContent('Not available');
  });

  it('shows an error page with the status and the server message when the asset cannot be loaded', async () => {
    openView(`/dashboard/assets/device/123/view`, {
      'GET user_token': () => jsonResponse({ username: 'alice' }),
      'GET inventory/device/123': () => jsonResponse({ error: 'not found', message: 'Not found' }, 404),
    });
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });

  it('shows the server message of a rejected id', async () => {
    openView(`/dashboard/assets/device/abc/view`, {
      'GET user_token': () => jsonResponse({ username: 'alice' }),
      'GET inventory/device/abc': () =>
        jsonResponse({ message: 'id must be the integer id of an asset' }, 400),
    });
    expect(await screen.findByText('400')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'id must be the integer id of an asset' }),
    ).toBeInTheDocument();
  });
});

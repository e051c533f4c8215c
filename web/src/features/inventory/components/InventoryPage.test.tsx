import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type FakeRoute, type RecordedRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { InventoryAsset } from '../types/inventory';

function asset(overrides: Partial<InventoryAsset> = {}): InventoryAsset {
  return {
    id: 11,
    hex_id: '70b3d57ed0000001',
    type: 'Device',
    name: 'Water meter',
    data_collector: 'Demo network',
    vendor: 'Acme',
    app_name: null,
    join_eui: null,
    importance: 'LOW',
    hidden: false,
    connected: true,
    last_activity: 1_700_000_100,
    first_activity: 1_700_000_000,
    location: null,
    tags: [],
    ...overrides,
  };
}

const DEVICE = asset();
const GATEWAY = asset({
  id: 22,
  hex_id: 'b827ebfffe000001',
  type: 'Gateway',
  name: null,
  vendor: 'Raspberry Pi Foundation',
  location: { latitude: 52.1, longitude: 4.8 },
});

function backend(overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    'GET inventory/list': () => jsonResponse({ assets: [DEVICE, GATEWAY], total_items: 2, total_pages: 1 }),
    'GET inventory/count/vendor': () =>
      jsonResponse([
        { id: 'Acme', name: 'Acme', count: 1 },
        { id: null, name: null, count: 1 },
      ]),
    'GET inventory/count/data_collector': () => jsonResponse([{ id: 1, name: 'Demo network', count: 2 }]),
    'GET inventory/count/importance': () => jsonResponse([{ id: 'LOW', name: 'LOW', count: 2 }]),
    'GET inventory/count/tag': () => jsonResponse([]),
    'GET tags': () => jsonResponse([{ id: 5, name: 'roof', color: '#f05050' }]),
    'GET inventory/device/11': () =>
      jsonResponse({
        ...DEVICE,
        type: 'device',
        dev_addr: '26011bda',
        last_activity: null,
        gateway_locations: [],
      }),
    'GET console_config': () => jsonResponse({ map_style_url: null }),
    ...overrides,
  };
}

async function openInventory(overrides: Record<string, FakeRoute> = {}) {
  storeSession();
  const app = renderApp('/dashboard/inventory', backend(overrides));
  await waitFor(() => expect(screen.getAllByTestId('inventory-row')).toHaveLength(2));
  return app;
}

const lastRequest = (requests: RecordedRequest[], method: string, path: string) =>
  [...requests].reverse().find((request) => request.method === method && request.path === path);

describe('Inventory page', () => {
  it('lists assets in the default order with the four charts', async () => {
    const { requests } = await openInventory();
    expect(screen.getByRole('heading', { name: 'INVENTORY' })).toBeInTheDocument();
    const list = lastRequest(requests, 'GET', 'inventory/list')!;
    expect(list.query.getAll('order_by[]')).toEqual(['first_activity', 'DESC']);
    expect(list.query.get('size')).toBe('50');
    expect(list.query.get('page')).toBe('1');
    for (const title of ['BY VENDOR', 'BY DATA SOURCE', 'BY IMPORTANCE', 'LABELS'])
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(within(screen.getByTestId('chart-tag')).getByText('No tags to show')).toBeInTheDocument();
    const [first] = screen.getAllByTestId('inventory-row');
    expect(within(first).getByText('70B3D57ED0000001')).toBeInTheDocument();
    expect(within(first).getByText('Acme')).toBeInTheDocument();
  });

  it('filters by a chart entry, shows its chip, and clears it', async () => {
    const user = userEvent.setup();
    const { requests } = await openInventory();
    await user.click(
      within(screen.getByTestId('chart-vendor')).getByRole('button', { name: 'Unknown vendor: 1' }),
    );
    await waitFor(() =>
      expect(lastRequest(requests, 'GET', 'inventory/list')!.query.getAll('vendors[]')).toEqual(['null']),
    );
    expect(lastRequest(requests, 'GET', 'inventory/count/tag')!.query.getAll('vendors[]')).toEqual(['null']);
    expect(within(screen.getByTestId('filter-chips')).getByText('Unknown vendor')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() =>
      expect(lastRequest(requests, 'GET', 'inventory/list')!.query.has('vendors[]')).toBe(false),
    );
  });

  it('cycles the type filter none → gateway → device → none', async () => {
    const user = userEvent.setup();
    const { requests } = await openInventory();
    const typeOf = () => lastRequest(requests, 'GET', 'inventory/list')!.query.get('asset_type');
    await user.click(screen.getByTestId('type-filter'));
    await waitFor(() => expect(typeOf()).toBe('gateway'));
    await user.click(screen.getByTestId('type-filter'));
    await waitFor(() => expect(typeOf()).toBe('device'));
    await user.click(screen.getByTestId('type-filter'));
    await waitFor(() => expect(typeOf()).toBeNull());
  });

  it('toggles sorting on the same field and clears it', async () => {
    const user = userEvent.setup();
    const { requests } = await openInventory();
    await user.click(screen.getByRole('button', { name: 'First activity descending' }));
    await waitFor(() =>
      expect(lastRequest(requests, 'GET', 'inventory/list')!.query.getAll('order_by[]')).toEqual([
        'first_activity',
        'ASC',
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Clear sorting' }));
    await waitFor(() =>
      expect(lastRequest(requests, 'GET', 'inventory/list')!.query.has('order_by[]')).toBe(false),
    );
  });

  it('hides the selected assets and switches to the hidden ones', async () => {
    const user = userEvent.setup();
    const { requests } = await openInventory({
      'POST inventory/set_hiding': () => jsonResponse({ message: 'ok' }),
    });
    expect(screen.getByRole('button', { name: 'HIDE' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select 70B3D57ED0000001' }));
    await user.click(screen.getByRole('button', { name: 'HIDE' }));
    await waitFor(() => expect(lastRequest(requests, 'POST', 'inventory/set_hiding')).toBeDefined());
    expect(lastRequest(requests, 'POST', 'inventory/set_hiding')!.body).toEqual({
      hidden: true,
      asset_list: [{ asset_id: 11, asset_type: 'device' }],
    });
    await user.click(screen.getByRole('button', { name: 'SEE HIDDEN ASSETS' }));
    await waitFor(() =>
      expect(lastRequest(requests, 'GET', 'inventory/list')!.query.get('hidden')).toBe('true'),
    );
    expect(screen.getByRole('button', { name: 'SEE VISIBLE ASSETS' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SHOW' })).toBeInTheDocument();
  });

  it('shows the failure text when hiding fails', async () => {
    const user = userEvent.setup();
    await openInventory({
      'POST inventory/set_hiding': () => jsonResponse({ message: 'Internal error' }, 500),
    });
    await user.click(screen.getByRole('checkbox', { name: 'Select all assets of this page' }));
    await user.click(screen.getByRole('button', { name: 'HIDE' }));
    expect(await screen.findByText('Something went wrong. Try again later.')).toBeInTheDocument();
  });

  it('sets importance only once one is chosen', async () => {
    const user = userEvent.setup();
    const { requests } = await openInventory({
      'POST inventory/set_importance': () => jsonResponse({ message: 'ok' }),
    });
    await user.click(screen.getByRole('checkbox', { name: 'Select B827EBFFFE000001' }));
    await user.click(screen.getByRole('button', { name: 'SET IMPORTANCE' }));
    const dialog = await screen.findByRole('dialog', { name: 'SET IMPORTANCE' });
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'HIGH' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(lastRequest(requests, 'POST', 'inventory/set_importance')?.body).toEqual({
        importance: 'HIGH',
        asset_list: [{ asset_id: 22, asset_type: 'gateway' }],
      }),
    );
  });

  it('says so when setting importance fails', async () => {
    const user = userEvent.setup();
    await openInventory({
      'POST inventory/set_importance': () => jsonResponse({ message: 'Internal error' }, 500),
    });
    await user.click(screen.getByRole('checkbox', { name: 'Select B827EBFFFE000001' }));
    await user.click(screen.getByRole('button', { name: 'SET IMPORTANCE' }));
    const dialog = await screen.findByRole('dialog', { name: 'SET IMPORTANCE' });
    await user.click(within(dialog).getByRole('radio', { name: 'MEDIUM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Something went wrong. Try again later.')).toBeInTheDocument();
  });

  it('assigns labels only with a label chosen and an asset selected', async () => {
    const user = userEvent.setup();
    const { requests } = await openInventory({
      'POST tags/5/assets': () => jsonResponse({ message: 'Assets tagged' }),
    });
    await user.click(screen.getByRole('button', { name: 'ASSIGN LABELS' }));
    let dialog = await screen.findByRole('dialog', { name: 'ASSIGN LABELS' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'roof' }));
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('checkbox', { name: 'Select 70B3D57ED0000001' }));
    await user.click(screen.getByRole('button', { name: 'ASSIGN LABELS' }));
    dialog = await screen.findByRole('dialog', { name: 'ASSIGN LABELS' });
    const assign = within(dialog).getByRole('button', { name: 'Assign' });
    expect(assign).toBeDisabled();
    await user.click(await within(dialog).findByRole('checkbox', { name: 'roof' }));
    await user.click(assign);
    await waitFor(() =>
      expect(lastRequest(requests, 'POST', 'tags/5/assets')?.body).toEqual({
        asset_list: [{ asset_id: 11, asset_type: 'device' }],
      }),
    );
  });

  it('says so when assigning labels fails', async () => {
    const user = userEvent.setup();
    await openInventory({ 'POST tags/5/assets': () => jsonResponse([{ code: 'X' }], 403) });
    await user.click(screen.getByRole('checkbox', { name: 'Select 70B3D57ED0000001' }));
    await user.click(screen.getByRole('button', { name: 'ASSIGN LABELS' }));
    const dialog = await screen.findByRole('dialog', { name: 'ASSIGN LABELS' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'roof' }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Something went wrong. Try again later.')).toBeInTheDocument();
  });

  it('creates a label once the name is valid and a colour chosen', async () => {
    const user = userEvent.setup();
    const { requests } = await openInventory({
      'POST tags': (request) =>
        jsonResponse({ id: 9, name: request.query.get('name'), color: request.query.get('color') }),
    });
    await user.click(screen.getByRole('button', { name: 'ASSIGN LABELS' }));
    const dialog = await screen.findByRole('dialog', { name: 'ASSIGN LABELS' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    const name = within(dialog).getByPlaceholderText('label name');
    expect(create).toBeDisabled();
    await user.type(name, 'roof-top');
    expect(
      within(dialog).getByText('Only letters, digits, underscore, period and space'),
    ).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'roof top_2.b');
    expect(create).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Colour #27c24c' }));
    expect(create).toBeEnabled();
    await user.click(create);
    await waitFor(() => expect(lastRequest(requests, 'POST', 'tags')).toBeDefined());
    const query = lastRequest(requests, 'POST', 'tags')!.query;
    expect(query.get('name')).toBe('roof top_2.b');
    expect(query.get('color')).toBe('#27c24c');
  });

  it.each([
    [
      [{ code: 'EXISTING_NAME', message: 'Existing tag with that name' }],
      'An error ocurred. Existing tag with that name',
    ],
    [[{ code: 'INVALID_NAME', message: 'Invalid' }], 'An error ocurred. The tag could not be created.'],
  ])('explains a refused label (%j)', async (body, text) => {
    const user = userEvent.setup();
    await openInventory({ 'POST tags': () => jsonResponse(body, 400) });
    await user.click(screen.getByRole('button', { name: 'ASSIGN LABELS' }));
    const dialog = await screen.findByRole('dialog', { name: 'ASSIGN LABELS' });
    await user.type(within(dialog).getByPlaceholderText('label name'), 'roof');
    await user.click(within(dialog).getByRole('radio', { name: 'Colour #f05050' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Oops!');
    expect(alert).toHaveTextContent(text);
  });

  it('opens the asset detail with its 360° link and steps to the next row', async () => {
    const user = userEvent.setup();
    await openInventory({
      'GET inventory/gateway/22': () => jsonResponse({ message: 'Internal error' }, 500),
    });
    await user.click(screen.getByRole('button', { name: 'Details of 70B3D57ED0000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Device 70B3D57ED0000001' });
    expect(within(dialog).getByRole('link', { name: '360° VIEW' })).toHaveAttribute(
      'href',
      '/dashboard/assets/device/11/view',
    );
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(await within(dialog).findByText('26011BDA')).toBeInTheDocument();
    // A device whose gateways have no position has nothing to place.
    expect(within(dialog).getByText('Not available')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const next = await screen.findByRole('dialog', { name: 'Gateway B827EBFFFE000001' });
    expect(within(next).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(
      await within(next).findByText(
        'Oops, there is no technical details to show. This must be an error, please contact support.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the Oops box when the list cannot load', async () => {
    storeSession();
    renderApp('/dashboard/inventory', backend({ 'GET inventory/list': () => jsonResponse({}, 500) }));
    expect(await screen.findByText('Something went wrong. Try again later.')).toBeInTheDocument();
  });

  it('shows the empty text when nothing matches', async () => {
    storeSession();
    renderApp(
      '/dashboard/inventory',
      backend({ 'GET inventory/list': () => jsonResponse({ assets: [], total_items: 0, total_pages: 0 }) }),
    );
    expect(await screen.findByText('There is no results for selected filters')).toBeInTheDocument();
  });
});

describe('Inventory page as at a past time', () => {
  const AS_OF = '2026-01-10T08:00:00.000Z';
  const listReads = (requests: RecordedRequest[]) =>
    requests.filter((request) => request.method === 'GET' && request.path === 'inventory/list');

  async function openAt(path: string) {
    storeSession();
    const app = renderApp(path, backend());
    await waitFor(() => expect(screen.getAllByTestId('inventory-row')).toHaveLength(2));
    return app;
  }

  it('reads the list, its charts and an asset opened as at the time shown, under the banner', async () => {
    const user = userEvent.setup();
    const { requests } = await openAt(`/dashboard/inventory?as_of=${AS_OF}`);
    expect(screen.getByText(/Showing the history as of/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Details of 70B3D57ED0000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Device 70B3D57ED0000001' });
    expect(await within(dialog).findByText('26011BDA')).toBeInTheDocument();
    const paths = [
      'inventory/list',
      ...['vendor', 'data_collector', 'importance', 'tag'].map((by) => `inventory/count/${by}`),
    ];
    for (const path of [...paths, 'inventory/device/11']) {
      const sent = requests.filter((request) => request.method === 'GET' && request.path === path);
      expect(sent.length).toBeGreaterThan(0);
      for (const request of sent) expect(request.query.get('as_of')).toBe(AS_OF);
    }
  });

  it('reads the list again on live changes, but not while a past time is shown', async () => {
    // Given the live inventory, a change of the assets' read model reads the list again
    const live = await openAt('/dashboard/inventory');
    expect(listReads(live.requests).every((request) => request.query.get('as_of') === null)).toBe(true);
    const liveBefore = listReads(live.requests).length;
    const liveSocket = live.sockets[0];
    liveSocket.connect();
    act(() => liveSocket.serverEmit('projection_updated', { projection: 'assets', collections: ['assets'] }));
    await waitFor(() => expect(listReads(live.requests).length).toBe(liveBefore + 1));
    cleanup();

    // When a past time is shown, the same change reads nothing
    const past = await openAt(`/dashboard/inventory?as_of=${AS_OF}`);
    const pastBefore = listReads(past.requests).length;
    const pastSocket = past.sockets[0];
    pastSocket.connect();
    act(() => pastSocket.serverEmit('projection_updated', { projection: 'assets', collections: ['assets'] }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listReads(past.requests).length).toBe(pastBefore);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';

const EMPTY_LIST = { assets: [], total_items: 0, total_pages: 0 };

function backend(search: FakeRoute): Record<string, FakeRoute> {
  return {
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    'GET inventory/list': () => jsonResponse(EMPTY_LIST),
    'GET inventory/count/vendor': () => jsonResponse([]),
    'GET inventory/count/data_collector': () => jsonResponse([]),
    'GET inventory/count/importance': () => jsonResponse([]),
    'GET inventory/count/tag': () => jsonResponse([]),
    'GET assets/search': search,
  };
}

const item = (id: number, hex: string, type: 'Device' | 'Gateway') => ({
  id,
  hex_id: hex,
  type,
  name: null,
  vendor: 'Acme',
  data_collector: 'Demo network',
  join_eui: null,
  connected: true,
});

describe('Find device or gateway', () => {
  it('groups results into Devices and Gateways and opens the chosen one in a new tab', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    storeSession();
    const { requests } = renderApp(
      '/dashboard/inventory',
      backend(() =>
        jsonResponse({
          devices: { items: [item(11, '70b3d57ed0000001', 'Device')], total_items: 1 },
          gateways: { items: [item(22, 'b827ebfffe000001', 'Gateway')], total_items: 1 },
        }),
      ),
    );
    await user.type(screen.getByRole('textbox', { name: 'Find device or gateway' }), 'a');
    const results = await screen.findByTestId('search-results');
    await waitFor(() => expect(within(results).getByText('Devices')).toBeInTheDocument());
    expect(within(results).getByText('Gateways')).toBeInTheDocument();
    expect(requests.find((request) => request.path === 'assets/search')?.query.get('search_param')).toBe('a');
    await user.click(within(results).getByRole('option', { name: 'B827EBFFFE000001' }));
    expect(open).toHaveBeenCalledWith('/dashboard/assets/gateway/22/view', '_blank', 'noopener');
    open.mockRestore();
  });

  it('says when nothing matches', async () => {
    const user = userEvent.setup();
    storeSession();
    renderApp(
      '/dashboard/inventory',
      backend(() =>
        jsonResponse({ devices: { items: [], total_items: 0 }, gateways: { items: [], total_items: 0 } }),
      ),
    );
    await user.type(screen.getByRole('textbox', { name: 'Find device or gateway' }), 'z');
    expect(await screen.findByText('No results found...')).toBeInTheDocument();
  });
});

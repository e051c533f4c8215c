import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';

const SOURCE = {
  id: 1,
  name: 'Lab broker',
  description: '',
  created_at: '2024-03-01T10:00:00Z',
  data_collector_type_id: 1,
  type: { id: 1, type: 'chirpstack_collector', name: 'ChirpStack v3' },
  status: 'CONNECTED',
  gateway_id: null,
  gateway_name: null,
  region_id: null,
};

describe('deleting a data source', () => {
  it('says it was removed once the server confirms', async () => {
    const user = userEvent.setup();
    let items = [SOURCE];
    storeSession({ roles: [2] });
    renderApp('/dashboard/data_collectors', {
      'GET data_collectors': () =>
        new Response(JSON.stringify({ data_collectors: items }), {
          headers: {
            'Content-Type': 'application/json',
            'total-items': String(items.length),
            'total-pages': '1',
          },
        }),
      'GET data_collectors/activity': () => jsonResponse([]),
      'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
      'DELETE data_collectors/1': () => {
        items = [];
        return jsonResponse({ message: 'Data Collector Removed Successfully', id: 1 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Lab broker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete data source' });
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The data source Lab broker has been removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

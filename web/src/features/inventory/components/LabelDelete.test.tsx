import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';

describe('deleting a label', () => {
  it('asks first, deletes the label, says so and lists the labels left', async () => {
    const user = userEvent.setup();
    let tags = [
      { id: 5, name: 'roof', color: '#f05050' },
      { id: 6, name: 'basement', color: '#5050f0' },
    ];
    storeSession({ roles: [2] });
    const app = renderApp('/dashboard/inventory', {
      'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
      'GET inventory/list': () => jsonResponse({ assets: [], total_items: 0, total_pages: 0 }),
      'GET inventory/count/vendor': () => jsonResponse([]),
      'GET inventory/count/data_collector': () => jsonResponse([]),
      'GET inventory/count/importance': () => jsonResponse([]),
      'GET inventory/count/tag': () => jsonResponse([]),
      'GET tags': () => jsonResponse(tags),
      'GET console_config': () => jsonResponse({ map_style_url: null }),
      'DELETE tags/5': () => {
        tags = tags.filter((tag) => tag.id !== 5);
        return jsonResponse({ message: 'Tag deleted' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'ASSIGN LABELS' }));
    const labels = await screen.findByRole('dialog', { name: 'ASSIGN LABELS' });
    await user.click(await within(labels).findByRole('button', { name: 'Delete label roof' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete label' });
    expect(app.requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The label roof has been deleted.')).toBeInTheDocument();
    expect(
      app.requests.filter((request) => request.method === 'DELETE').map((request) => request.path),
    ).toEqual(['tags/5']);
    await waitFor(() =>
      expect(within(labels).queryByRole('checkbox', { name: 'roof' })).not.toBeInTheDocument(),
    );
    expect(within(labels).getByRole('checkbox', { name: 'basement' })).toBeInTheDocument();
  });
});

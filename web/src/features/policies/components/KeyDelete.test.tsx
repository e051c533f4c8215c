import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { makePolicy } from '../testing/policy-fixtures';

const KEY = 'abcdef0123456789abcdef0123456789';

describe('deleting an organization key', () => {
  it('asks first, deletes on Delete only, and says it was done', async () => {
    const user = userEvent.setup();
    let keys = [{ id: 1, key: KEY }];
    storeSession({ roles: [2] });
    const app = renderApp('/dashboard/policies/1/view', {
      'GET policies/1': () => jsonResponse(makePolicy()),
      'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
      'GET app_keys': () => jsonResponse({ limit: 500, count: keys.length, keys }),
      'GET app_keys/audit_queue': () => jsonResponse({ pending_devices: 0 }),
      'DELETE app_keys': () => {
        keys = [];
        return jsonResponse({ message: 'ok' });
      },
    });
    const manager = await screen.findByTestId('key-manager');
    const remove = await within(manager).findByRole('button', { name: `Delete key ${KEY.toUpperCase()}` });
    const deletes = () => app.requests.filter((request) => request.method === 'DELETE');

    await user.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Delete key' });
    expect(within(dialog).getByText(KEY.toUpperCase())).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes()).toHaveLength(0);

    await user.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Delete key' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`The key ${KEY.toUpperCase()} has been deleted.`)).toBeInTheDocument();
    expect(deletes()).toHaveLength(1);
    expect(await within(manager).findByText('No keys found')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { makePolicy } from '../testing/policy-fixtures';

const strict = makePolicy({ id: 5, name: 'Strict', isDefault: false, dataCollectors: [] });

function backend(overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET policies': () => jsonResponse([makePolicy(), strict]),
    'GET policies/1': () => jsonResponse(makePolicy()),
    'GET policies/5': () => jsonResponse(strict),
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    'GET app_keys': () =>
      jsonResponse({ limit: 500, count: 1, keys: [{ id: 1, key: 'abcdef0123456789abcdef0123456789' }] }),
    ...overrides,
  };
}

async function open(path: string, admin = true, overrides: Record<string, FakeRoute> = {}) {
  storeSession({ roles: admin ? [2] : [1] });
  const app = renderApp(path, backend(overrides));
  await screen.findAllByTestId('policy-item');
  return app;
}

const item = (name: string) => screen.getByRole('region', { name });

describe('Policy form', () => {
  it('starts a new policy from the Default items and checks name and parameters', async () => {
    const user = userEvent.setup();
    const app = await open('/dashboard/policies/new', true, {
      'POST policies': () => jsonResponse(makePolicy({ id: 9, name: 'Mine', isDefault: false }), 201),
    });
    expect(screen.getByRole('heading', { name: 'NEW POLICY' })).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.type(name, 'ab');
    expect(screen.getByText('Name length must be greater than 3')).toBeInTheDocument();
    await user.clear(name);
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    await user.type(name, 'Mine');

    const accuracy = within(item('Gateway moved')).getByRole('textbox', { name: 'location_accuracy' });
    expect(accuracy).toHaveValue('50');
    await user.clear(accuracy);
    await user.type(accuracy, 'abc');
    expect(screen.getByText('The value must be a number')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(accuracy);
    await user.type(accuracy, '75');

    const window = within(item('Device messages being lost')).getByRole('textbox', { name: 'time_window' });
    await user.clear(window);
    await user.type(window, '2.5');
    expect(screen.getByText('The value must be a whole number')).toBeInTheDocument();
    await user.clear(window);
    await user.type(window, '48');
    expect(screen.getByText('The value must be between 1 and 24')).toBeInTheDocument();
    await user.clear(window);
    await user.type(window, '12');

    await user.click(within(item('Device messages being lost')).getByRole('switch'));
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/dashboard/policies'));
    const posted = app.requests.find((request) => request.method === 'POST' && request.path === 'policies');
    expect(posted?.body).toEqual({
      name: 'Mine',
      items: [
        { alertTypeCode: 'LAF-009', enabled: true, parameters: {} },
        { alertTypeCode: 'LAF-010', enabled: true, parameters: { location_accuracy: 75 } },
        { alertTypeCode: 'LAF-101', enabled: true, parameters: { time_window: 12 } },
      ],
    });
  });

  it('shows EXISTING_NAME on the name field and other failures as a generic error', async () => {
    const user = userEvent.setup();
    let calls = 0;
    await open('/dashboard/policies/5/edit', true, {
      'PUT policies/5': () => {
        calls++;
        return calls === 1
          ? jsonResponse([{ code: 'EXISTING_NAME', message: 'Existing policy with that name' }], 400)
          : jsonResponse({ message: 'Internal error' }, 500);
      },
    });
    expect(screen.getByRole('heading', { name: 'EDIT POLICY' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Strict');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Existing policy with that name')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Oops! Something went wrong. Try again later.')).toBeInTheDocument();
  });

  it('shows a read-only view with the key list to regular users', async () => {
    await open('/dashboard/policies/1/view', false);
    expect(screen.getByRole('heading', { name: 'VIEW POLICY' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    const keys = await within(item('Device AppKey guessed')).findByTestId('key-manager');
    expect(await within(keys).findByText('ABCDEF0123456789ABCDEF0123456789')).toBeInTheDocument();
    expect(within(keys).queryByRole('textbox', { name: 'New key' })).not.toBeInTheDocument();
  });

  it('refuses the new-policy screen to regular users', async () => {
    storeSession({ roles: [1] });
    renderApp('/dashboard/policies/new', backend());
    expect(await screen.findByText('Access Forbidden')).toBeInTheDocument();
  });

  it('refuses to edit the default policy', async () => {
    storeSession({ roles: [2] });
    renderApp('/dashboard/policies/1/edit', backend());
    expect(await screen.findByText('Access Forbidden')).toBeInTheDocument();
  });
});

describe('Key manager', () => {
  it('accepts only hex while typing and saves at exactly 32 characters', async () => {
    const user = userEvent.setup();
    const app = await open('/dashboard/policies/1/view', true, {
      'POST app_keys': () =>
        jsonResponse({ message: '1 app keys created, 0 were duplicated and 0 already existed' }),
    });
    const keys = await within(item('Device AppKey guessed')).findByTestId('key-manager');
    const input = within(keys).getByRole('textbox', { name: 'New key' });
    const save = within(keys).getByRole('button', { name: 'Save key' });
    await user.type(input, 'xyz');
    expect(input).toHaveValue('');
    await user.type(input, '0123456789abcdef0123456789abcde');
    expect(save).toBeDisabled();
    await user.type(input, 'f');
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() =>
      expect(
        app.requests.find((request) => request.method === 'POST' && request.path === 'app_keys')?.body,
      ).toEqual({
        keys: ['0123456789ABCDEF0123456789ABCDEF'],
      }),
    );
  });

  it('shows the server message, Network error, and the load failure text', async () => {
    const user = userEvent.setup();
    let deletes = 0;
    await open('/dashboard/policies/1/view', true, {
      'DELETE app_keys': () => {
        deletes++;
        return deletes === 1
          ? jsonResponse({ message: 'Forbidden' }, 403)
          : Promise.reject(new TypeError('offline'));
      },
    });
    const keys = await within(item('Device AppKey guessed')).findByTestId('key-manager');
    const remove = await within(keys).findByRole('button', {
      name: 'Delete key ABCDEF0123456789ABCDEF0123456789',
    });
    const confirmed = async () => {
      await user.click(remove);
      const dialog = await screen.findByRole('dialog', { name: 'Delete key' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    };
    await confirmed();
    expect(await within(keys).findByText('Forbidden')).toBeInTheDocument();
    await confirmed();
    expect(await within(keys).findByText('Network error')).toBeInTheDocument();
  });

  it('says when there are no keys', async () => {
    await open('/dashboard/policies/1/view', true, {
      'GET app_keys': () => jsonResponse({ count: 0, keys: [] }),
    });
    expect(await screen.findByText('No keys found')).toBeInTheDocument();
  });

  it('shows the load failure text', async () => {
    await open('/dashboard/policies/1/view', true, { 'GET app_keys': () => jsonResponse({}, 500) });
    expect(
      await screen.findByText('Something went wrong! Try again later or reload this component.'),
    ).toBeInTheDocument();
  });
});

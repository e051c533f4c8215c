import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { Policy } from '../types/policy';
import { makePolicy } from '../testing/policy-fixtures';

const strict = makePolicy({ id: 5, name: 'Strict', isDefault: false, dataCollectors: [] });

function backend(policies: Policy[], overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET policies': () =>
      new Response(JSON.stringify(policies), {
        status: 200,
        headers: {
          'Content-Type': 'application/json',
          'total-items': String(policies.length),
          'total-pages': '1',
        },
      }),
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    'GET app_keys': () => jsonResponse({ limit: 500, count: 0, keys: [] }),
    ...overrides,
  };
}

async function openList(policies: Policy[], admin: boolean, overrides: Record<string, FakeRoute> = {}) {
  storeSession({ roles: admin ? [2] : [1] });
  const app = renderApp('/dashboard/policies', backend(policies, overrides));
  await waitFor(() => expect(screen.getByTestId('policies-table')).toHaveAttribute('aria-busy', 'false'));
  return app;
}

describe('Policies list', () => {
  it('lists names and data sources; edit and delete are hidden for the default policy', async () => {
    await openList([makePolicy(), strict], true);
    expect(
      within(screen.getByTestId('policies-table'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['NAME', 'DATA SOURCES', 'ACTIONS']);
    const [defaultRow, strictRow] = screen.getAllByTestId('policy-row');
    expect(within(defaultRow).getByText('Demo network')).toBeInTheDocument();
    expect(within(defaultRow).getByRole('button', { name: 'Clone Default' })).toBeInTheDocument();
    expect(within(defaultRow).queryByRole('link', { name: 'Edit Default' })).not.toBeInTheDocument();
    expect(within(defaultRow).queryByRole('button', { name: 'Delete Default' })).not.toBeInTheDocument();
    expect(within(strictRow).getByRole('link', { name: 'Edit Strict' })).toBeInTheDocument();
    expect(within(strictRow).getByRole('button', { name: 'Delete Strict' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'NEW POLICY' })).toBeInTheDocument();
  });

  it('hides every admin action from regular users', async () => {
    await openList([makePolicy(), strict], false);
    expect(screen.queryByRole('link', { name: 'NEW POLICY' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Clone / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Strict' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    await openList([], true);
    expect(screen.getByText('No registered policies.')).toBeInTheDocument();
  });

  it('explains why a delete was refused', async () => {
    const user = userEvent.setup();
    await openList([makePolicy(), strict], true, {
      'DELETE policies/5': () =>
        jsonResponse(
          [{ code: 'POLICY_WITH_DATA_COLLECTORS', message: "Can't delete policy with data collectors." }],
          403,
        ),
    });
    await user.click(screen.getByRole('button', { name: 'Delete Strict' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText(
        "This policy can't be removed because it's used by at least one data source.",
      ),
    ).toBeInTheDocument();
  });

  it('confirms a removal', async () => {
    const user = userEvent.setup();
    await openList([makePolicy(), strict], true, {
      'DELETE policies/5': () => new Response(null, { status: 204 }),
    });
    await user.click(screen.getByRole('button', { name: 'Delete Strict' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The policy has been removed!')).toBeInTheDocument();
  });

  it('clones under a new name, refusing a name in use', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const app = await openList([makePolicy(), strict], true, {
      'POST policies': (request) => {
        attempts++;
        expect(request.query.get('clone')).toBe('1');
        return attempts === 1
          ? jsonResponse([{ code: 'EXISTING_NAME', message: 'Existing policy with that name' }], 400)
          : jsonResponse(makePolicy({ id: 8, name: 'Copy', isDefault: false }), 201);
      },
      'GET policies/8': () => jsonResponse(makePolicy({ id: 8, name: 'Copy', isDefault: false })),
    });
    await user.click(screen.getByRole('button', { name: 'Clone Default' }));
    const dialog = await screen.findByRole('dialog');
    // Nothing typed yet: no error on opening, but Clone waits for a name.
    expect(within(dialog).queryByText('This file is required')).toBeNull();
    const clone = within(dialog).getByRole('button', { name: 'Clone' });
    expect(clone).toBeDisabled();
    const field = within(dialog).getByRole('textbox', { name: 'Name of the new policy' });
    await user.type(field, 'S');
    await user.clear(field);
    expect(within(dialog).getByText('This file is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name of the new policy' }), 'Strict');
    await user.click(clone);
    expect(await within(dialog).findByText('Exists a policy with this name')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name of the new policy' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name of the new policy' }), 'Copy');
    await user.click(clone);
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/dashboard/policies/8/edit'));
  });
});

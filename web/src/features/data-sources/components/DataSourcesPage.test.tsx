import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { DataSourceListItem } from '../types/data-source';

function source(overrides: Partial<DataSourceListItem> = {}): DataSourceListItem {
  return {
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
    ...overrides,
  };
}

function listResponse(items: DataSourceListItem[]) {
  return new Response(JSON.stringify({ data_collectors: items }), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'total-items': String(items.length), 'total-pages': '1' },
  });
}

async function openList(
  items: DataSourceListItem[],
  admin: boolean,
  overrides: Record<string, FakeRoute> = {},
) {
  storeSession({ roles: admin ? [2] : [1] });
  const app = renderApp('/dashboard/data_collectors', {
    'GET data_collectors': () => listResponse(items),
    'GET data_collectors/activity': () =>
      jsonResponse([{ dataCollectorId: 1, maxDate: '2024-03-05T14:07:09Z' }]),
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    ...overrides,
  });
  await waitFor(() => expect(screen.getByTestId('data-sources-table')).toHaveAttribute('aria-busy', 'false'));
  return app;
}

describe('Data sources list', () => {
  it('shows the columns, status colours and last messages', async () => {
    await openList(
      [
        source(),
        source({ id: 2, name: 'Quiet', status: 'DISCONNECTED' }),
        source({ id: 3, name: 'Off', status: 'DISABLED' }),
      ],
      false,
    );
    const table = screen.getByTestId('data-sources-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['NAME', 'TYPE', 'STATUS', 'LAST MESSAGE', 'ACTIONS']);
    const [first, second] = screen.getAllByTestId('data-source-row');
    expect(within(first).getByText('03/05/24 02:07:09 PM')).toBeInTheDocument();
    expect(within(first).getByText('ChirpStack v3')).toBeInTheDocument();
    expect(within(second).getByText('No messages in last 4 hours')).toBeInTheDocument();
    const badges = screen.getAllByTestId('status-badge');
    expect(badges.map((badge) => badge.textContent)).toEqual(['CONNECTED', 'DISCONNECTED', 'DISABLED']);
    expect(badges[0].style.getPropertyValue('--badge-bg')).toContain('green');
    expect(badges[1].style.getPropertyValue('--badge-bg')).toContain('red');
    expect(badges[2].style.getPropertyValue('--badge-bg')).toContain('gray');
    expect(screen.getByLabelText('Items per page')).toHaveValue('50');
  });

  it('notes under its name what a data source cannot see, and nothing for the others', async () => {
    const limited = 'no application events: per-device detectors limited';
    await openList([source(), source({ id: 2, name: 'Gateways only', detector_coverage: [limited] })], false);
    const [full, gatewaysOnly] = screen.getAllByTestId('data-source-row');
    expect(within(full).queryByTestId('data-source-coverage')).not.toBeInTheDocument();
    expect(within(gatewaysOnly).getByTestId('data-source-coverage')).toHaveTextContent(limited);
    expect(within(gatewaysOnly).getByRole('link', { name: 'Gateways only' })).toBeInTheDocument();
  });

  it('hides the admin actions from regular users', async () => {
    await openList([source()], false);
    expect(screen.queryByRole('link', { name: 'NEW DATA SOURCE' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable Lab broker' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Lab broker' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Lab broker' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Logs of Lab broker' })).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    await openList([], true);
    expect(screen.getByText('No registered data sources.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'NEW DATA SOURCE' })).toBeInTheDocument();
  });

  it('shows the Oops box when the list cannot load', async () => {
    storeSession({ roles: [2] });
    renderApp('/dashboard/data_collectors', { 'GET data_collectors': () => jsonResponse({}, 500) });
    expect(await screen.findByText('Something went wrong. Try again later.')).toBeInTheDocument();
    expect(screen.getByText('Oops!')).toBeInTheDocument();
  });

  it('disables through a confirmation and reports a refusal', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const app = await openList([source()], true, {
      'PATCH data_collectors/1': () => {
        calls++;
        return calls === 1
          ? jsonResponse([{ code: 'FORBIDDEN_STATUS', message: 'Forbidden status' }], 400)
          : jsonResponse(source({ status: 'DISABLED' }));
      },
    });
    await user.click(screen.getByRole('button', { name: 'Disable Lab broker' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(
      await within(dialog).findByText('Forbidden: Something went wrong. Try again later.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const patch = app.requests.filter((request) => request.method === 'PATCH');
    expect(patch.at(-1)?.body).toEqual({ status: 'DISABLED' });
  });

  it('deletes only after the confirmation is ticked', async () => {
    const user = userEvent.setup();
    const app = await openList([source()], true, {
      'DELETE data_collectors/1': () =>
        jsonResponse({ message: 'Data Collector Removed Successfully', id: 1 }),
    });
    await user.click(screen.getByRole('button', { name: 'Delete Lab broker' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox'));
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(app.requests.some((request) => request.method === 'DELETE')).toBe(true));
  });

  it('applies pushed status changes to the row', async () => {
    const app = await openList([source()], true);
    act(() => app.sockets[0].connect());
    act(() => app.sockets[0].serverEmit('updated_data_collector', { ...source(), status: 'DISCONNECTED' }));
    expect(within(screen.getByTestId('data-source-row')).getByText('DISCONNECTED')).toBeInTheDocument();
  });
});

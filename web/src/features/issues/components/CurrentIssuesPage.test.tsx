import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type FakeRoute, type RecordedRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { ALERT_TYPES, makeAlert } from '../../../lib/alerts/alert-fixtures';
import type { Issue } from '../types/issues';

function makeIssue(id: number, overrides: Partial<Issue> = {}): Issue {
  return {
    id,
    alert: makeAlert({
      id: id * 10,
      device_id: 900 + id,
      gateway_id: 999,
      parameters: {
        dev_eui: `70b3d57ed00000${String(id).padStart(2, '0')}`,
        dev_addr: '26011bda',
        dev_name: `Meter ${id}`,
        gateway: 'b827ebfffe000001',
        dev_nonce: 4242,
        packet_data: { id: `packet-${id}`, dev_eui: '70b3d57ed0000001', rssi: -120, lsnr: 5.5 },
      },
    }),
    alert_type: ALERT_TYPES[0],
    data_collector_id: 3,
    data_collector_name: 'ChirpStack lab',
    since: '2024-03-05T14:07:09.000Z',
    last_checked: '2024-03-05T15:00:00.000Z',
    resolved_at: null,
    ...overrides,
  };
}

interface Server {
  issues: Issue[];
  total: number;
}

function backend(server: Server, overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET quarantined_devices': () => jsonResponse(server.issues),
    'GET quarantined_devices/count': (request) => {
      switch (request.query.get('group_by')) {
        case 'alert_type_risk':
          return jsonResponse([
            { alert_type_risk: 'MEDIUM', count: 3 },
            { alert_type_risk: 'HIGH', count: 2 },
          ]);
        case 'alert_type_name':
          return jsonResponse([
            { alert_type_id: 1, alert_type_name: 'Possible Join replay attack', count: 5 },
          ]);
        case 'data_collector_name':
          return jsonResponse([{ data_collector_id: 3, data_collector_name: 'ChirpStack lab', count: 5 }]);
        default:
          return jsonResponse({ count: server.total });
      }
    },
    'GET quarantined_devices/devices_count': () => jsonResponse({ count: 4 }),
    'POST quarantined_devices/remove': () => jsonResponse(200),
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme', user_roles: [1] }),
    'GET alerts': () => jsonResponse([]),
    'GET alerts/count': () => jsonResponse({ count: 0 }),
    'GET alert_types': () => jsonResponse(ALERT_TYPES),
    ...overrides,
  };
}

const listRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'GET' && request.path === 'quarantined_devices');
const lastList = (requests: RecordedRequest[]) => listRequests(requests).at(-1);
const rowIds = () => screen.queryAllByTestId('issue-row').map((row) => row.getAttribute('data-issue-id'));

async function openPage(server: Server, overrides: Record<string, FakeRoute> = {}, roles = [1]) {
  storeSession({ roles });
  const app = renderApp('/dashboard/current_issues', backend(server, overrides));
  await waitFor(() => expect(screen.getByTestId('issues-table')).toHaveAttribute('aria-busy', 'false'));
  const socket = app.sockets[0];
  act(() => socket.connect());
  return { ...app, socket };
}

describe('Current Issues page', () => {
  it('shows the issues with their columns, the pies, the devices count and the default order', async () => {
    const { requests } = await openPage({ issues: [makeIssue(1), makeIssue(2)], total: 2 });

    expect(screen.getByRole('heading', { name: 'CURRENT ISSUES' })).toBeInTheDocument();
    const headers = within(screen.getByTestId('issues-table'))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'RISK',
      'DESCRIPTION',
      'DATE',
      'LAST CHECK',
      'DevEUI/ADDRESS',
      'DEVICE NAME',
      'IMPORTANCE',
      'GATEWAY',
      'DATA SOURCE',
    ]);
    const cells = within(screen.getAllByTestId('issue-row')[0])
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'MEDIUM',
      'Possible Join replay attack',
      '03/05/24 02:07:09 PM',
      '03/05/24 03:00:00 PM',
      '70B3D57ED0000001',
      'Meter 1',
      'HIGH',
      'B827EBFFFE000001',
      'ChirpStack lab',
    ]);

    for (const title of ['BY RISK', 'BY ALERT DESCRIPTION', 'BY DATA SOURCE', 'DEVICES']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    await waitFor(() => expect(screen.getByTestId('issues-devices-count')).toHaveTextContent('4'));
    expect(await screen.findByRole('button', { name: 'HIGH: 2' })).toBeInTheDocument();

    const list = lastList(requests);
    expect(list?.query.get('page')).toBe('1');
    expect(list?.query.get('size')).toBe('50');
    expect(list?.query.getAll('order_by[]')).toEqual(['last_checked', 'DESC']);
    expect(screen.getByRole('button', { name: 'Last Check descending' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByLabelText('Items per page')).toHaveValue('50');
  });

  it('opens the device and the gateway in a new tab from their names', async () => {
    await openPage({ issues: [makeIssue(1)], total: 1 });
    const row = screen.getAllByTestId('issue-row')[0];
    const device = within(row).getByRole('link', { name: 'Meter 1' });
    expect(device).toHaveAttribute('href', '/dashboard/assets/device/901/view');
    expect(device).toHaveAttribute('target', '_blank');
    expect(within(row).getByRole('link', { name: 'B827EBFFFE000001' })).toHaveAttribute(
      'href',
      '/dashboard/assets/gateway/999/view',
    );
  });

  it("says 'There are no issues' when there are none at all", async () => {
    await openPage({ issues: [], total: 0 });
    expect(screen.getByTestId('empty-state')).toHaveTextContent('There are no issues');
  });

  it("filters from a pie legend entry with a removable chip, says 'No items found' when nothing matches", async () => {
    const user = userEvent.setup();
    const server: Server = { issues: [makeIssue(1)], total: 60 };
    const { requests } = await openPage(server);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastList(requests)?.query.get('page')).toBe('2'));

    server.issues = [];
    server.total = 0;
    await user.click(await screen.findByRole('button', { name: 'HIGH: 2' }));
    await waitFor(() => expect(lastList(requests)?.query.getAll('risk[]')).toEqual(['HIGH']));
    // A filter change goes back to the first page.
    expect(lastList(requests)?.query.get('page')).toBe('1');
    const chips = screen.getByTestId('filter-chips');
    expect(within(chips).getByText('HIGH')).toBeInTheDocument();
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No items found');
    // The table's total and the other pies follow the filter; the risk pie keeps its other slices.
    const counts = (groupBy: string | null) =>
      requests
        .filter((request) => request.path === 'quarantined_devices/count')
        .filter((request) => request.query.get('group_by') === groupBy)
        .at(-1);
    expect(counts(null)?.query.getAll('risk[]')).toEqual(['HIGH']);
    expect(counts('alert_type_name')?.query.getAll('risk[]')).toEqual(['HIGH']);
    expect(counts('alert_type_risk')?.query.getAll('risk[]')).toEqual([]);

    await user.click(await screen.findByRole('button', { name: 'Possible Join replay attack: 5' }));
    await waitFor(() => expect(lastList(requests)?.query.getAll('alerttype[]')).toEqual(['1']));
    expect(within(chips).getByText('Possible Join r…')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove filter HIGH' }));
    await waitFor(() => expect(lastList(requests)?.query.getAll('risk[]')).toEqual([]));
    expect(lastList(requests)?.query.getAll('alerttype[]')).toEqual(['1']);

    server.issues = [makeIssue(1)];
    server.total = 1;
    await user.click(within(screen.getByTestId('filter-chips')).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.queryByTestId('filter-chips')).not.toBeInTheDocument());
    expect(lastList(requests)?.query.getAll('alerttype[]')).toEqual([]);
    await waitFor(() => expect(rowIds()).toEqual(['1']));
  });

  it('filters by data source and sends the data source id', async () => {
    const user = userEvent.setup();
    const { requests } = await openPage({ issues: [makeIssue(1)], total: 1 });
    const bySource = screen.getByTestId('issues-by-source');
    await user.click(await within(bySource).findByRole('button', { name: 'ChirpStack lab: 5' }));
    await waitFor(() => expect(lastList(requests)?.query.getAll('data_collector[]')).toEqual(['3']));
    expect(within(screen.getByTestId('filter-chips')).getByText('ChirpStack lab')).toBeInTheDocument();
  });

  it('sorts by Date, toggles the direction, sorts by Device ID and clears the sort', async () => {
    const user = userEvent.setup();
    const { requests } = await openPage({ issues: [makeIssue(1)], total: 1 });

    await user.click(screen.getByRole('button', { name: 'Date' }));
    await waitFor(() => expect(lastList(requests)?.query.getAll('order_by[]')).toEqual(['since', 'DESC']));
    await user.click(screen.getByRole('button', { name: 'Date descending' }));
    await waitFor(() => expect(lastList(requests)?.query.getAll('order_by[]')).toEqual(['since', 'ASC']));
    await user.click(screen.getByRole('button', { name: 'Device ID' }));
    await waitFor(() =>
      expect(lastList(requests)?.query.getAll('order_by[]')).toEqual(['device_id', 'DESC']),
    );
    await user.click(screen.getByRole('button', { name: 'Clear sorting' }));
    await waitFor(() => expect(lastList(requests)?.query.getAll('order_by[]')).toEqual([]));
  });

  it('shows the Oops box when the issues cannot be loaded', async () => {
    storeSession();
    renderApp(
      '/dashboard/current_issues',
      backend({ issues: [], total: 0 }, { 'GET quarantined_devices': () => jsonResponse({}, 500) }),
    );
    expect(await screen.findByText('Oops!')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Try again later.')).toBeInTheDocument();
    expect(screen.queryByTestId('issues-table')).not.toBeInTheDocument();
  });

  it('opens the dialog from a row and moves across rows and pages', async () => {
    const user = userEvent.setup();
    const firstPage = Array.from({ length: 10 }, (_, index) => makeIssue(index + 1));
    const secondPage = [makeIssue(11), makeIssue(12)];
    const server: Server = { issues: firstPage, total: 12 };
    const { requests } = await openPage(server, {
      'GET quarantined_devices': (request) =>
        jsonResponse(request.query.get('page') === '2' ? secondPage : server.issues),
    });
    await user.selectOptions(screen.getByLabelText('Items per page'), '10');
    await waitFor(() => expect(lastList(requests)?.query.get('size')).toBe('10'));
    await waitFor(() => expect(screen.getByTestId('issues-table')).toHaveAttribute('aria-busy', 'false'));

    await user.click(screen.getByRole('button', { name: /Show details of issue 9:/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('alert-dialog-title')).toHaveTextContent('Possible Join replay attack');
    expect(within(dialog).getByText('Meter 9')).toBeInTheDocument();
    expect(within(dialog).getByText('Since:')).toBeInTheDocument();
    expect(within(dialog).getByText('Last check:')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Meter 9' })).toHaveAttribute(
      'href',
      '/dashboard/assets/device/909/view',
    );
    expect(within(dialog).getByRole('link', { name: /Download packet data/ })).toHaveAttribute(
      'download',
      'packet-9.json',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Meter 10')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastList(requests)?.query.get('page')).toBe('2'));
    expect(await within(dialog).findByText('Meter 11')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Meter 12')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
    await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(lastList(requests)?.query.get('page')).toBe('1'));
    expect(await within(dialog).findByText('Meter 10')).toBeInTheDocument();
  });

  it('disables Previous on the very first issue', async () => {
    const user = userEvent.setup();
    await openPage({ issues: [makeIssue(1), makeIssue(2)], total: 2 });
    await user.click(screen.getByRole('button', { name: /Show details of issue 1:/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('removes a device from quarantine with a comment and reloads the list', async () => {
    const user = userEvent.setup();
    const server: Server = { issues: [makeIssue(1), makeIssue(2)], total: 2 };
    const { requests } = await openPage(server);
    await user.click(screen.getByRole('button', { name: /Show details of issue 2:/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove from quarantine' }));

    const confirm = await screen.findByRole('dialog', { name: 'Remove from quarantine' });
    const remove = within(confirm).getByRole('button', { name: 'Remove' });
    expect(remove).toBeDisabled();
    await user.type(within(confirm).getByLabelText(/Comment/), '  Device replaced  ');
    server.issues = [makeIssue(1)];
    server.total = 1;
    await user.click(remove);

    await waitFor(() =>
      expect(requests.find((request) => request.path === 'quarantined_devices/remove')?.body).toEqual({
        id: 2,
        comment: 'Device replaced',
      }),
    );
    expect(await screen.findByText('The device was removed from quarantine.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(rowIds()).toEqual(['1']));
  });

  it("shows the server's reason when the issue was already resolved", async () => {
    const user = userEvent.setup();
    await openPage(
      { issues: [makeIssue(1)], total: 1 },
      {
        'POST quarantined_devices/remove': () =>
          jsonResponse(
            { error: 'The issue is already resolved', message: 'The issue is already resolved' },
            409,
          ),
      },
    );
    await user.click(screen.getByRole('button', { name: /Show details of issue 1:/ }));
    await user.click(await screen.findByRole('button', { name: 'Remove from quarantine' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove from quarantine' });
    await user.type(within(confirm).getByLabelText(/Comment/), 'done');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('The issue is already resolved');
  });

  it('shows a generic failure text when the removal fails otherwise', async () => {
    const user = userEvent.setup();
    await openPage(
      { issues: [makeIssue(1)], total: 1 },
      { 'POST quarantined_devices/remove': () => jsonResponse({ message: 'Internal error' }, 500) },
    );
    await user.click(screen.getByRole('button', { name: /Show details of issue 1:/ }));
    await user.click(await screen.findByRole('button', { name: 'Remove from quarantine' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove from quarantine' });
    await user.type(within(confirm).getByLabelText(/Comment/), 'done');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'An error has occurred while trying to remove the device from quarantine.',
    );
  });

  it('offers no removal to a user with neither the regular nor the admin role', async () => {
    const user = userEvent.setup();
    await openPage({ issues: [makeIssue(1)], total: 1 }, {}, [9]);
    await user.click(screen.getByRole('button', { name: /Show details of issue 1:/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Remove from quarantine' })).not.toBeInTheDocument();
  });

  it('goes to the Alerts review from the dialog', async () => {
    const user = userEvent.setup();
    const { router } = await openPage({ issues: [makeIssue(1)], total: 1 });
    await user.click(screen.getByRole('button', { name: /Show details of issue 1:/ }));
    await user.click(await screen.findByRole('button', { name: 'Go to Alerts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/alerts_review'));
  });

  it('reloads when the issues projection changes, not for other projections', async () => {
    const server: Server = { issues: [makeIssue(1)], total: 1 };
    const { socket, requests } = await openPage(server);
    const before = listRequests(requests).length;

    act(() => socket.serverEmit('projection_updated', { projection: 'alerts', organization_id: 7 }));
    server.issues = [makeIssue(3), makeIssue(1)];
    server.total = 2;
    act(() => socket.serverEmit('projection_updated', { projection: 'issues', organization_id: 7 }));

    await waitFor(() => expect(rowIds()).toEqual(['3', '1']));
    expect(listRequests(requests).length).toBe(before + 1);
  });
});

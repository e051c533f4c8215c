import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type FakeRoute, type RecordedRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { ALERT_TYPES, makeAlert } from '../../../lib/alerts/alert-fixtures';
import type { Alert, AlertType } from '../../../lib/alerts/alert';

const LONG_TYPE: AlertType = {
  ...ALERT_TYPES[0],
  id: 3,
  code: 'LAF-009',
  name: 'Easy to guess key',
  risk: 'HIGH',
};
const TYPES = [...ALERT_TYPES, LONG_TYPE];

function backend(
  alerts: Alert[] | ((request: RecordedRequest) => Alert[]),
  total: number,
  overrides: Record<string, FakeRoute> = {},
) {
  return {
    'GET alerts': (request: RecordedRequest) =>
      jsonResponse(typeof alerts === 'function' ? alerts(request) : alerts),
    'GET alerts/count': () => jsonResponse({ count: total }),
    'GET alert_types': () => jsonResponse(TYPES),
    'GET alert_types/count': () =>
      jsonResponse([
        { ...ALERT_TYPES[0], count: 7 },
        { ...ALERT_TYPES[1], count: 3 },
        { ...LONG_TYPE, count: 2 },
      ]),
    'GET data_collectors': () =>
      jsonResponse({
        data_collectors: [
          { id: 3, name: 'ChirpStack lab', count: 9 },
          { id: 4, name: 'TTN', count: 3 },
        ],
      }),
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    ...overrides,
  };
}

const rowIds = () => screen.queryAllByTestId('alert-row').map((row) => row.getAttribute('data-alert-id'));
const lastRequest = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.path === path).at(-1);

async function openAlertsPage(
  alerts: Alert[] | ((request: RecordedRequest) => Alert[]),
  total: number,
  overrides: Record<string, FakeRoute> = {},
  roles = [1],
) {
  storeSession({ roles });
  const app = renderApp('/dashboard/alerts_review', backend(alerts, total, overrides));
  await waitFor(() => expect(screen.getByTestId('alerts-table')).toHaveAttribute('aria-busy', 'false'));
  const socket = app.sockets[0];
  act(() => socket.connect());
  return { ...app, socket };
}

async function settled() {
  await waitFor(() => expect(screen.getByTestId('alerts-table')).toHaveAttribute('aria-busy', 'false'));
}

/**
 * A backend page of alerts: ids count down from `total` across pages, as created_at DESC would; `after` / `before`
 * (keyset paging) answer the alerts next to that id, as the API does.
 */
function pagedAlerts(total: number) {
  return (request: RecordedRequest) => {
    const page = Number(request.query.get('page'));
    const size = Number(request.query.get('size'));
    const after = request.query.get('after');
    const before = request.query.get('before');
    // Index of the first alert of the answer in the full list.
    const start =
      after !== null
        ? total - Number(after) + 1
        : before !== null
          ? Math.max(0, total - Number(before) - size)
          : page * size;
    const end = before !== null ? total - Number(before) : Math.min(total, start + size);
    const ids: number[] = [];
    for (let index = start; index < end; index++) ids.push(total - index);
    return ids.map((id) => makeAlert({ id, parameters: { dev_nonce: id, dev_eui: `70b3d57ed00000${id}` } }));
  };
}

describe('Alerts review page', () => {
  it('renders the alert columns', async () => {
    await openAlertsPage(
      [
        makeAlert({ id: 7, created_at: '2024-03-05T14:07:09Z' }),
        makeAlert({
          id: 6,
          type: 'LAF-400',
          asset_importance: null,
          parameters: { dev_addr: '26011bda', gateway: 'aa555a0000000101' },
          data_collector_name: 'TTN',
        }),
      ],
      2,
    );

    const table = screen.getByTestId('alerts-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'RISK',
      'DESCRIPTION',
      'DATE',
      'DevEUI/ADDRESS',
      'DEVICE NAME',
      'IMPORTANCE',
      'GATEWAY',
      'DATA SOURCE',
    ]);

    const [first, second] = screen.getAllByTestId('alert-row');
    const cells = within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'MEDIUM',
      'Possible Join replay attack',
      '03/05/24 02:07:09 PM',
      '70B3D57ED0000001',
      'Water meter 1',
      'HIGH',
      'B827EBFFFE000001',
      'ChirpStack lab',
    ]);
    expect(within(second).getByText('INFO')).toBeInTheDocument();
    expect(within(second).getByText('26011BDA')).toBeInTheDocument();
    // TOTAL ALERTS counts with the charts: 7 + 3 + 2 by type.
    await waitFor(() => expect(screen.getByTestId('alerts-total')).toHaveTextContent('12'));
    expect(screen.getByLabelText('Items per page')).toHaveValue('50');
  });

  it('asks for the last day of unresolved alerts, newest first, and charts them with the same filters', async () => {
    const before = Date.now();
    const { requests } = await openAlertsPage([makeAlert({ id: 1 })], 1);

    const list = lastRequest(requests, 'alerts');
    expect(list?.query.get('resolved')).toBe('false');
    expect(list?.query.getAll('order_by[]')).toEqual(['created_at', 'DESC']);
    expect(list?.query.get('page')).toBe('0');
    expect(list?.query.get('size')).toBe('50');
    const from = Date.parse(list?.query.get('created_at[gte]') ?? '');
    expect(before - from).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(before - from).toBeLessThan(24 * 3600_000 + 60_000);
    // A quick range follows the clock: no upper bound, so live alerts still belong to it.
    expect(list?.query.has('created_at[lte]')).toBe(false);

    const total = lastRequest(requests, 'alerts/count');
    expect(total?.query.get('group_by')).toBe('TOTAL');
    expect(total?.query.get('resolved')).toBe('false');
    await waitFor(() => expect(lastRequest(requests, 'data_collectors')).toBeDefined());
    expect(lastRequest(requests, 'alert_types/count')?.query.get('resolved')).toBe('false');
    expect(lastRequest(requests, 'alert_types/count')?.query.get('from')).toBe(
      list?.query.get('created_at[gte]'),
    );
    expect(lastRequest(requests, 'data_collectors')?.query.get('include_count')).toBe('true');

    const byRisk = screen.getByTestId('chart-by-risk');
    expect(await within(byRisk).findByRole('button', { name: 'MEDIUM: 7' })).toBeInTheDocument();
    expect(within(byRisk).getByRole('button', { name: 'HIGH: 2' })).toBeInTheDocument();
    expect(within(byRisk).getByRole('button', { name: 'INFO: 3' })).toBeInTheDocument();
    expect(
      within(screen.getByTestId('chart-by-type')).getByRole('button', {
        name: 'Possible Join replay attack: 7',
      }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId('chart-by-data-source')).getByRole('button', { name: 'TTN: 3' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Unresolved' })).toBeChecked();
  });

  it('filters from a legend entry with a chip, back to page 1, and Clear removes the filters', async () => {
    const user = userEvent.setup();
    const { requests } = await openAlertsPage([makeAlert({ id: 1 })], 120);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await settled();

    await user.click(await screen.findByRole('button', { name: 'Easy to guess key: 2' }));
    await settled();
    const list = lastRequest(requests, 'alerts');
    expect(list?.query.getAll('type[]')).toEqual(['LAF-009']);
    expect(list?.query.get('page')).toBe('0');
    expect(lastRequest(requests, 'alerts/count')?.query.getAll('type[]')).toEqual(['LAF-009']);
    // One read of the per-type counts serves both charts and the total: the risk chart narrows by the type on
    // screen, the type chart keeps its other types to pick from.
    expect(lastRequest(requests, 'alert_types/count')?.query.getAll('type[]')).toEqual([]);
    expect(screen.getByTestId('alerts-total')).toHaveAttribute('data-count', '2');

    const chips = screen.getByTestId('filter-chips');
    // Type names longer than 15 characters are cut with an ellipsis.
    expect(within(chips).getByText('Easy to guess k…')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'TTN: 3' }));
    await settled();
    expect(lastRequest(requests, 'alerts')?.query.getAll('data_collector[]')).toEqual(['4']);
    expect(within(chips).getByText('TTN')).toBeInTheDocument();

    await user.click(within(chips).getByRole('button', { name: 'Remove filter TTN' }));
    await settled();
    expect(lastRequest(requests, 'alerts')?.query.getAll('data_collector[]')).toEqual([]);

    await user.click(within(screen.getByTestId('filter-chips')).getByRole('button', { name: 'Clear' }));
    await settled();
    expect(screen.queryByTestId('filter-chips')).not.toBeInTheDocument();
    const cleared = lastRequest(requests, 'alerts');
    expect(cleared?.query.getAll('type[]')).toEqual([]);
    expect(cleared?.query.has('resolved')).toBe(false);
  });

  it('lets only one status be on, and none means no status filter', async () => {
    const user = userEvent.setup();
    const { requests } = await openAlertsPage([makeAlert({ id: 1 })], 1);

    await user.click(screen.getByRole('checkbox', { name: 'Resolved' }));
    await settled();
    expect(screen.getByRole('checkbox', { name: 'Resolved' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Unresolved' })).not.toBeChecked();
    expect(lastRequest(requests, 'alerts')?.query.get('resolved')).toBe('true');

    await user.click(screen.getByRole('checkbox', { name: 'Resolved' }));
    await settled();
    expect(screen.getByRole('checkbox', { name: 'Resolved' })).not.toBeChecked();
    expect(lastRequest(requests, 'alerts')?.query.has('resolved')).toBe(false);
  });

  it('resets the type, risk and data source filters and shows unresolved alerts on a new range', async () => {
    const user = userEvent.setup();
    const { requests } = await openAlertsPage([makeAlert({ id: 1 })], 1);
    await user.click(await screen.findByRole('button', { name: 'HIGH: 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Unresolved' }));
    await settled();
    expect(lastRequest(requests, 'alerts')?.query.getAll('risk[]')).toEqual(['HIGH']);

    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Last week' }));
    await settled();
    const list = lastRequest(requests, 'alerts');
    expect(list?.query.getAll('risk[]')).toEqual([]);
    expect(list?.query.get('resolved')).toBe('false');
    const from = Date.parse(list?.query.get('created_at[gte]') ?? '');
    expect(Math.round((before - from) / (24 * 3600_000))).toBe(7);
    expect(screen.getByRole('button', { name: 'Last week' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByTestId('filter-chips')).getByText('Unresolved')).toBeInTheDocument();
  });

  it('sorts: the active field toggles its direction, another field starts descending', async () => {
    const user = userEvent.setup();
    const { requests } = await openAlertsPage([makeAlert({ id: 1 })], 1);
    await user.click(screen.getByRole('button', { name: 'Date descending' }));
    await settled();
    expect(lastRequest(requests, 'alerts')?.query.getAll('order_by[]')).toEqual(['created_at', 'ASC']);

    await user.click(screen.getByRole('button', { name: 'Data source' }));
    await settled();
    expect(lastRequest(requests, 'alerts')?.query.getAll('order_by[]')).toEqual([
      'data_collector_id',
      'DESC',
    ]);

    await user.click(screen.getByRole('button', { name: 'Clear sorting' }));
    await settled();
    expect(lastRequest(requests, 'alerts')?.query.getAll('order_by[]')).toEqual(['created_at', 'DESC']);
  });

  it('sorts Description by the text shown, not by the code behind it', async () => {
    const user = userEvent.setup();
    const { requests } = await openAlertsPage([makeAlert({ id: 1 })], 1);
    await user.click(screen.getByRole('button', { name: 'Description' }));
    await settled();
    expect(lastRequest(requests, 'alerts')?.query.getAll('order_by[]')).toEqual(['type_name', 'DESC']);
  });

  it('hides and shows the search and charts', async () => {
    const user = userEvent.setup();
    await openAlertsPage([makeAlert({ id: 1 })], 1);
    const toggle = screen.getByRole('button', { name: 'Hide search and charts' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Show search and charts' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('shows the empty state', async () => {
    await openAlertsPage([], 0);
    expect(screen.getByText('No items found')).toBeInTheDocument();
  });

  it('shows the Oops box when loading fails', async () => {
    storeSession();
    renderApp('/dashboard/alerts_review', backend([], 0, { 'GET alerts': () => jsonResponse({}, 500) }));
    const box = await screen.findByTestId('error-box');
    expect(box).toHaveTextContent('Oops!');
    expect(box).toHaveTextContent('Something went wrong. Try again later.');
  });

  it('shows the Oops box in a chart whose counts fail', async () => {
    await openAlertsPage([makeAlert({ id: 1 })], 1, { 'GET data_collectors': () => jsonResponse({}, 500) });
    expect(
      await within(screen.getByTestId('chart-by-data-source')).findByText(
        'Something went wrong. Try again later.',
      ),
    ).toBeInTheDocument();
  });

  it('shows TOTAL ALERTS from the counts of the charts beside it, the same numbers', async () => {
    await openAlertsPage([makeAlert({ id: 1 })], 120);
    // 7 + 3 + 2 alerts by type, 9 + 3 by data source: the total agrees with both, not with the list's 120.
    await waitFor(() => expect(screen.getByTestId('alerts-total')).toHaveAttribute('data-count', '12'));
  });

  it('prepends a live alert on the first page and marks it new without reloading', async () => {
    const { socket, requests } = await openAlertsPage(
      [
        makeAlert({ id: 2, created_at: '2024-03-05T10:00:02Z' }),
        makeAlert({ id: 1, created_at: '2024-03-05T10:00:01Z' }),
      ],
      2,
    );
    expect(socket.emitted[0]).toMatchObject({
      event: 'authorization',
      payload: { token: expect.any(String) },
    });

    act(() =>
      socket.serverEmit('new_alert', {
        alert_id: 3,
        alert: makeAlert({ id: 3, created_at: '2024-03-05T10:00:03Z' }),
      }),
    );

    expect(rowIds()).toEqual(['3', '2', '1']);
    expect(screen.getAllByTestId('alert-row')[0]).toHaveAttribute('data-new', 'true');
    expect(screen.queryByTestId('new-alerts-banner')).not.toBeInTheDocument();
    expect(requests.filter((request) => request.path === 'alerts')).toHaveLength(1);
  });

  it('shows the banner on another page, and Reload now returns to the first page', async () => {
    const user = userEvent.setup();
    const alerts = [makeAlert({ id: 2 }), makeAlert({ id: 1 })];
    const { socket, requests } = await openAlertsPage(alerts, 120);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastRequest(requests, 'alerts')?.query.get('page')).toBe('1'));
    await settled();

    act(() => socket.serverEmit('new_alert', { alert_id: 99, alert: makeAlert({ id: 99 }) }));
    const banner = await screen.findByTestId('new-alerts-banner');
    expect(banner).toHaveTextContent("There're new alerts.");
    expect(rowIds()).not.toContain('99');

    await user.click(within(banner).getByRole('button', { name: 'Reload now' }));
    await waitFor(() => expect(lastRequest(requests, 'alerts')?.query.get('page')).toBe('0'));
    await waitFor(() => expect(screen.queryByTestId('new-alerts-banner')).not.toBeInTheDocument());
  });

  it('shows the banner when filtered, and Reload now loads the same filters again', async () => {
    const user = userEvent.setup();
    let served = [makeAlert({ id: 1 })];
    const { socket, requests } = await openAlertsPage(() => served, 1);
    await user.click(await screen.findByRole('button', { name: 'ChirpStack lab: 9' }));
    await settled();

    act(() => socket.serverEmit('new_alert', { alert_id: 2, alert: makeAlert({ id: 2 }) }));
    const banner = await screen.findByTestId('new-alerts-banner');
    expect(rowIds()).toEqual(['1']);

    served = [makeAlert({ id: 2 }), makeAlert({ id: 1 })];
    const loads = requests.filter((request) => request.path === 'alerts').length;
    await user.click(within(banner).getByRole('button', { name: 'Reload now' }));
    await waitFor(() => expect(rowIds()).toEqual(['2', '1']));
    expect(requests.filter((request) => request.path === 'alerts')).toHaveLength(loads + 1);
    expect(lastRequest(requests, 'alerts')?.query.getAll('data_collector[]')).toEqual(['3']);
    expect(screen.queryByTestId('new-alerts-banner')).not.toBeInTheDocument();
  });

  it('changes the page size and goes back to the first page', async () => {
    const user = userEvent.setup();
    const { requests } = await openAlertsPage([makeAlert({ id: 1 })], 300);
    await user.selectOptions(screen.getByLabelText('Items per page'), '25');
    await waitFor(() => {
      const last = lastRequest(requests, 'alerts');
      expect(last?.query.get('size')).toBe('25');
      expect(last?.query.get('page')).toBe('0');
    });
  });

  it('opens the alert details from a row', async () => {
    const user = userEvent.setup();
    await openAlertsPage([makeAlert({ id: 5 })], 1);
    await user.click(screen.getByRole('button', { name: /Show details of alert 5/ }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Possible Join replay attack')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Repeated DevNonce 4242 from device 70B3D57ED0000001.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Check the device for a replay attempt.')).toBeInTheDocument();
    // Regular users do not resolve.
    expect(within(dialog).queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
  });

  it('reads the next and previous page next to the page on hand, the first page by its number', async () => {
    const user = userEvent.setup();
    const { requests } = await openAlertsPage(pagedAlerts(120), 120);
    expect(rowIds()).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rowIds()[0]).toBe('70'));
    expect(lastRequest(requests, 'alerts')?.query.get('after')).toBe('71');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(rowIds()).toEqual([
        '20',
        '19',
        '18',
        '17',
        '16',
        '15',
        '14',
        '13',
        '12',
        '11',
        '10',
        '9',
        '8',
        '7',
        '6',
        '5',
        '4',
        '3',
        '2',
        '1',
      ]),
    );
    expect(lastRequest(requests, 'alerts')?.query.get('page')).toBe('2');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rowIds()[0]).toBe('70'));
    expect(lastRequest(requests, 'alerts')?.query.get('before')).toBe('20');
    expect(rowIds().at(-1)).toBe('21');
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(rowIds()[0]).toBe('120'));
    const first = lastRequest(requests, 'alerts');
    expect([first?.query.get('page'), first?.query.get('after'), first?.query.get('before')]).toEqual([
      '0',
      null,
      null,
    ]);
  });

  it('moves to the next and previous alert across pages, disabled at the ends', async () => {
    const user = userEvent.setup();
    const { requests } = await openAlertsPage(pagedAlerts(12), 12);
    await user.selectOptions(screen.getByLabelText('Items per page'), '10');
    await settled();
    expect(rowIds()).toHaveLength(10);

    await user.click(screen.getByRole('button', { name: /Show details of alert 12:/ }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /Show details of alert 3:/ }));
    dialog = await screen.findByRole('dialog');
    // Alert 3 is the last row of page 1: Next continues on page 2, read after alert 3.
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastRequest(requests, 'alerts')?.query.get('page')).toBe('1'));
    expect(lastRequest(requests, 'alerts')?.query.get('after')).toBe('3');
    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog')).getByText('Repeated DevNonce 2 from device 70B3D57ED000002.'),
      ).toBeInTheDocument(),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog')).getByText('Repeated DevNonce 1 from device 70B3D57ED000001.'),
      ).toBeInTheDocument(),
    );
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Previous' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(lastRequest(requests, 'alerts')?.query.get('page')).toBe('0'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog')).getByText('Repeated DevNonce 3 from device 70B3D57ED000003.'),
      ).toBeInTheDocument(),
    );
  });

  it('lets an administrator resolve an alert with a comment', async () => {
    const user = userEvent.setup();
    const { requests } = await openAlertsPage(
      [makeAlert({ id: 5 })],
      1,
      {
        'PUT alerts/5/resolve': (request) =>
          jsonResponse({
            message: 'Alert resolved successfully',
            alert: makeAlert({
              id: 5,
              resolved_at: '2024-03-06T09:00:00Z',
              resolved_by: { id: 1, username: 'operator', full_name: 'Olga Operator' },
              resolution_comment: (request.body as { comment: string }).comment,
            }),
          }),
      },
      [2],
    );
    await user.click(screen.getByRole('button', { name: /Show details of alert 5/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Possible Join replay attack' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));

    const confirm = await screen.findByRole('dialog', { name: 'Resolve alert' });
    expect(within(confirm).getByRole('button', { name: 'Resolve' })).toBeDisabled();
    await user.type(within(confirm).getByLabelText('Resolution comment'), 'False positive, gateway swap');
    await user.click(within(confirm).getByRole('button', { name: 'Resolve' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Resolve alert' })).not.toBeInTheDocument(),
    );
    const resolution = within(dialog).getByRole('region', { name: 'Resolution' });
    expect(resolution).toHaveTextContent('03/06/24 09:00:00 AM');
    expect(resolution).toHaveTextContent('Olga Operator');
    expect(resolution).toHaveTextContent('False positive, gateway swap');
    expect(lastRequest(requests, 'alerts/5/resolve')?.body).toEqual({
      comment: 'False positive, gateway swap',
    });
    expect(within(dialog).queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
  });

  it('says so when resolving fails', async () => {
    const user = userEvent.setup();
    await openAlertsPage(
      [makeAlert({ id: 5 })],
      1,
      { 'PUT alerts/5/resolve': () => jsonResponse({}, 500) },
      [2],
    );
    await user.click(screen.getByRole('button', { name: /Show details of alert 5/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Possible Join replay attack' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Resolve alert' });
    await user.type(within(confirm).getByLabelText('Resolution comment'), 'done');
    await user.click(within(confirm).getByRole('button', { name: 'Resolve' }));
    expect(
      await within(confirm).findByText('An error has occurred while trying to resolve the alert.'),
    ).toBeInTheDocument();
  });
});

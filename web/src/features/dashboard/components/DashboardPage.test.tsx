import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALERT_TYPES, makeAlert } from '../../../lib/alerts/alert-fixtures';
import { jsonResponse, type FakeRoute, type RecordedRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';

const DEMO = { id: 1, name: 'Demo network', status: 'CONNECTED' };

function backend(overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  const hourOrDay = (request: RecordedRequest, count: number) =>
    request.query.get('group_by') === 'HOUR'
      ? [{ hour: new Date().toISOString().slice(0, 13) + ':00:00+00:00', count }]
      : [{ date: new Date().toISOString().slice(0, 10), count }];
  return {
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme', user_roles: [1] }),
    'GET data_collectors': () => jsonResponse({ data_collectors: [DEMO] }),
    'GET quarantined_devices/devices_count': (request) =>
      jsonResponse(request.query.has('group_by') ? hourOrDay(request, 3) : { count: 3 }),
    'GET alerts/count': (request) =>
      // TOTAL is what the Alerts review (where a row leads) asks for.
      jsonResponse(request.query.get('group_by') === 'TOTAL' ? { count: 2 } : hourOrDay(request, 1500)),
    'GET devices/count': (request) => jsonResponse(hourOrDay(request, 20)),
    'GET packets/count': (request) => jsonResponse(hourOrDay(request, 2_345_678)),
    'GET alerts': () =>
      jsonResponse([
        makeAlert({ id: 7, created_at: '2024-03-05T14:07:09Z' }),
        makeAlert({ id: 6, type: 'LAF-400', asset_importance: null, data_collector_name: 'Demo network' }),
      ]),
    'GET alert_types': () => jsonResponse(ALERT_TYPES),
    ...overrides,
  };
}

async function openDashboard(overrides: Record<string, FakeRoute> = {}) {
  storeSession();
  const app = renderApp('/dashboard', backend(overrides));
  await waitFor(() => expect(screen.getAllByTestId('latest-alert-row').length).toBeGreaterThan(0));
  return app;
}

const lastRequest = (
  app: ReturnType<typeof renderApp>,
  path: string,
  predicate = (_: URLSearchParams) => true,
) => app.requests.filter((request) => request.path === path && predicate(request.query)).at(-1);

const barCount = (key: string) => Number(screen.getByTestId(`chart-${key}`).getAttribute('data-bars'));

describe('Dashboard', () => {
  it('shows the four charts with their figures, K and M formatted', async () => {
    await openDashboard();
    expect(screen.getByRole('heading', { name: 'DASHBOARD' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('chart-messages-total')).toHaveTextContent('2.3M'));
    expect(screen.getByTestId('chart-issues-total')).toHaveTextContent('3');
    expect(screen.getByTestId('chart-alerts-total')).toHaveTextContent('1.5K');
    expect(screen.getByTestId('chart-devices-total')).toHaveTextContent('20');
    for (const title of ['CURRENT ISSUES', 'ALERTS', 'DEVICES', 'MESSAGES']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(barCount('issues')).toBe(26);
  });

  it('says under CURRENT ISSUES that it counts devices with open issues, keeping the title', async () => {
    await openDashboard();
    await waitFor(() => expect(screen.getByTestId('chart-issues-total')).toHaveTextContent('3'));
    expect(screen.getByRole('heading', { name: 'CURRENT ISSUES' })).toBeInTheDocument();
    expect(screen.getByTestId('chart-issues-caption')).toHaveTextContent('Devices with open issues');
    expect(screen.getByLabelText('CURRENT ISSUES total: 3 (devices with open issues)')).toBeInTheDocument();
    expect(screen.queryByTestId('chart-alerts-caption')).toBeNull();
  });

  it('asks each counter for the last day by hour, with the parameters of the spec', async () => {
    const app = await openDashboard();
    await waitFor(() => expect(lastRequest(app, 'packets/count')).toBeDefined());
    const devices = lastRequest(app, 'devices/count')!.query;
    expect(devices.get('group_by')).toBe('HOUR');
    expect(devices.get('last_up_timestamp[gte]')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(devices.get('last_up_timestamp[lte]')).toMatch(/Z$/);
    expect(lastRequest(app, 'packets/count')!.query.get('date[gte]')).toBe(
      devices.get('last_up_timestamp[gte]'),
    );
    expect(lastRequest(app, 'alerts/count')!.query.get('created_at[lte]')).toBe(
      devices.get('last_up_timestamp[lte]'),
    );
    const grouped = lastRequest(app, 'quarantined_devices/devices_count', (query) => query.has('group_by'));
    const total = lastRequest(app, 'quarantined_devices/devices_count', (query) => !query.has('group_by'));
    expect(grouped!.query.get('created_at[gte]')).toBe(total!.query.get('created_at[gte]'));

    const alerts = lastRequest(app, 'alerts')!.query;
    expect(Object.fromEntries(alerts)).toMatchObject({
      include_parameters: 'true',
      page: '0',
      size: '50',
      resolved: 'false',
    });
    const weekAgo = Date.now() - 7 * 24 * 3_600_000;
    expect(Math.abs(Date.parse(alerts.get('created_at[gte]')!) - weekAgo)).toBeLessThan(60_000);
  });

  it('switches between 26 hourly, 9 daily and 33 daily bars', async () => {
    const app = await openDashboard();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Last week' }));
    await waitFor(() => expect(barCount('alerts')).toBe(9));
    expect(screen.getByRole('button', { name: 'Last week' })).toHaveAttribute('aria-pressed', 'true');
    const week = lastRequest(app, 'packets/count')!.query;
    expect(week.get('group_by')).toBe('DAY');
    expect(week.get('date[gte]')).toMatch(/^\d{4}-\d\d-\d\d$/);

    await user.click(screen.getByRole('button', { name: 'Last month' }));
    await waitFor(() => expect(barCount('devices')).toBe(33));
    await user.click(screen.getByRole('button', { name: 'Last day' }));
    await waitFor(() => expect(barCount('messages')).toBe(26));
  });

  it('shows the connected data sources: blue when all are, red otherwise', async () => {
    await openDashboard({
      'GET data_collectors': () =>
        jsonResponse({ data_collectors: [DEMO, { id: 2, name: 'Lab', status: 'DISCONNECTED' }] }),
    });
    const badge = await screen.findByTestId('data-source-badge');
    expect(badge).toHaveTextContent('1/2');
    expect(badge).toHaveAttribute('data-state', 'not-all-active');
    expect(badge).toHaveAccessibleName('1 of 2 data sources connected');
  });

  it('follows a data source going down live', async () => {
    const app = await openDashboard();
    act(() => app.sockets[0].connect());
    const badge = await screen.findByTestId('data-source-badge');
    expect(badge).toHaveTextContent('1/1');
    expect(badge).toHaveAttribute('data-state', 'all-active');

    act(() => app.sockets[0].serverEmit('updated_data_collector', { ...DEMO, status: 'DISCONNECTED' }));
    await waitFor(() => expect(screen.getByTestId('data-source-badge')).toHaveTextContent('0/1'));
    expect(screen.getByTestId('data-source-badge')).toHaveAttribute('data-state', 'not-all-active');
  });

  it('narrows every call to the chosen data sources', async () => {
    const app = await openDashboard();
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'Filter by data source' }));
    await user.click(await screen.findByRole('option', { name: 'Demo network' }));
    for (const path of [
      'devices/count',
      'packets/count',
      'alerts/count',
      'quarantined_devices/devices_count',
      'alerts',
    ]) {
      await waitFor(() => expect(lastRequest(app, path)!.query.getAll('data_collector[]')).toEqual(['1']));
    }
  });

  it('lists the latest alerts; a row opens the alert dialog, which leads to the Alerts', async () => {
    const app = await openDashboard();
    const table = screen.getByRole('table', { name: 'LATEST ALERTS' });
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
    const [first] = screen.getAllByTestId('latest-alert-row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'MEDIUM',
      'Possible Join replay attack',
      '03/05/24 02:07:09 PM',
      '70B3D57ED0000001',
      'Water meter 1',
      'HIGH',
      'B827EBFFFE000001',
      'ChirpStack lab',
    ]);
    const user = userEvent.setup();
    await user.click(within(first).getByRole('button', { name: /Show details of alert 7/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('alert-dialog-title')).toHaveTextContent('Possible Join replay attack');
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('alert-dialog-title')).toHaveTextContent('New device'),
    );
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(dialog).getByRole('link', { name: 'Go to Alerts' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/dashboard/alerts_review'));
  });

  it('reloads the figures and the latest alerts when a new alert arrives', async () => {
    const app = await openDashboard();
    act(() => app.sockets[0].connect());
    await waitFor(() => expect(lastRequest(app, 'packets/count')).toBeDefined());
    const before = app.requests.filter((request) => request.path === 'alerts').length;
    const beforeCounts = app.requests.filter((request) => request.path === 'alerts/count').length;
    act(() => app.sockets[0].serverEmit('new_alert', { alert_id: 99 }));
    await waitFor(() =>
      expect(app.requests.filter((request) => request.path === 'alerts').length).toBeGreaterThan(before),
    );
    expect(app.requests.filter((request) => request.path === 'alerts/count').length).toBeGreaterThan(
      beforeCounts,
    );
  });

  it('says so when there are no alerts, and shows Oops! where a call failed', async () => {
    storeSession();
    renderApp(
      '/dashboard',
      backend({
        'GET alerts': () => jsonResponse([]),
        'GET packets/count': () => jsonResponse({ message: 'Internal error' }, 500),
      }),
    );
    expect(await screen.findByText('No items found')).toBeInTheDocument();
    const messages = screen.getByTestId('chart-messages');
    await waitFor(() => expect(within(messages).getByText('Oops!')).toBeInTheDocument());
    expect(within(messages).getByText('Something went wrong. Try again later.')).toBeInTheDocument();
    expect(within(screen.getByTestId('chart-alerts')).queryByText('Oops!')).not.toBeInTheDocument();
  });

  it('shows Oops! when the latest alerts cannot be read', async () => {
    storeSession();
    renderApp('/dashboard', backend({ 'GET alerts': () => jsonResponse({ error: 'boom' }, 500) }));
    const section = (await screen.findByRole('heading', { name: 'LATEST ALERTS' })).closest('section')!;
    await waitFor(() => expect(within(section).getByText('Oops!')).toBeInTheDocument());
  });

  it('treats a failing data source list as no data sources', async () => {
    storeSession();
    renderApp('/dashboard', backend({ 'GET data_collectors': () => jsonResponse({ error: 'boom' }, 500) }));
    const badge = await screen.findByTestId('data-source-badge');
    expect(badge).toHaveTextContent('0/0');
    expect(badge).toHaveAttribute('data-state', 'not-all-active');
    expect(screen.getByText(/There isn't any data source configured yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try to add one' })).toHaveAttribute(
      'href',
      '/dashboard/data_collectors',
    );
  });

  it('starts the guided tour from the Start Tour button', async () => {
    await openDashboard();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Start Tour' }));
    const tooltip = await screen.findByTestId('tour-tooltip');
    expect(within(tooltip).getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
  });
});

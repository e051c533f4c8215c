import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { ALERT_TYPES, makeAlert } from '../../../lib/alerts/alert-fixtures';
import type { Alert } from '../../../lib/alerts/alert';

function backend(alerts: Alert[], total: number, overrides: Record<string, FakeRoute> = {}) {
  return {
    'GET alerts': () => jsonResponse(alerts),
    'GET alerts/count': () => jsonResponse({ count: total }),
    'GET alert_types': () => jsonResponse(ALERT_TYPES),
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    ...overrides,
  };
}

const rowIds = () => screen.queryAllByTestId('alert-row').map((row) => row.getAttribute('data-alert-id'));

async function openAlertsPage(alerts: Alert[], total: number, overrides: Record<string, FakeRoute> = {}) {
  storeSession();
  const app = renderApp('/dashboard/alerts_review', backend(alerts, total, overrides));
  await waitFor(() => expect(screen.getByTestId('alerts-table')).toHaveAttribute('aria-busy', 'false'));
  const socket = app.sockets[0];
  act(() => socket.connect());
  return { ...app, socket };
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
    expect(screen.getByTestId('alerts-total')).toHaveTextContent('2');
    expect(screen.getByLabelText('Items per page')).toHaveValue('50');
  });

  it('shows the empty state', async () => {
    await openAlertsPage([], 0);
    expect(screen.getByText('No items found')).toBeInTheDocument();
  });

  it('shows the Oops box when loading fails', async () => {
    storeSession();
    renderApp('/dashboard/alerts_review', backend([], 0, { 'GET alerts': () => jsonResponse({}, 500) }));
    expect(await screen.findByText('Oops!')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong. Try again later.')).toBeInTheDocument();
  });

  it('prepends a live alert on the first page, marks it new and increases the total without reloading', async () => {
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
    expect(screen.getByTestId('alerts-total')).toHaveTextContent('3');
    expect(screen.queryByTestId('new-alerts-banner')).not.toBeInTheDocument();
    expect(requests.filter((request) => request.path === 'alerts')).toHaveLength(1);
  });

  it('shows the banner on another page, and Reload now returns to the first page', async () => {
    const user = userEvent.setup();
    const alerts = [makeAlert({ id: 2 }), makeAlert({ id: 1 })];
    const { socket, requests } = await openAlertsPage(alerts, 120);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(
        requests
          .filter((request) => request.path === 'alerts')
          .at(-1)
          ?.query.get('page'),
      ).toBe('1'),
    );
    await waitFor(() => expect(screen.getByTestId('alerts-table')).toHaveAttribute('aria-busy', 'false'));

    act(() => socket.serverEmit('new_alert', { alert_id: 99, alert: makeAlert({ id: 99 }) }));
    const banner = await screen.findByTestId('new-alerts-banner');
    expect(banner).toHaveTextContent("There're new alerts.");
    expect(rowIds()).not.toContain('99');

    await user.click(within(banner).getByRole('button', { name: 'Reload now' }));
    await waitFor(() =>
      expect(
        requests
          .filter((request) => request.path === 'alerts')
          .at(-1)
          ?.query.get('page'),
      ).toBe('0'),
    );
    await waitFor(() => expect(screen.queryByTestId('new-alerts-banner')).not.toBeInTheDocument());
  });

  it('changes the page size and goes back to the first page', async () => {
    const user = userEvent.setup();
    const { requests } = await openAlertsPage([makeAlert({ id: 1 })], 300);
    await user.selectOptions(screen.getByLabelText('Items per page'), '25');
    await waitFor(() => {
      const last = requests.filter((request) => request.path === 'alerts').at(-1);
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
    expect(within(dialog).getByText('dev_nonce')).toBeInTheDocument();
  });
});

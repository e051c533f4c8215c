import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type FakeRoute, type RecordedRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { ALERT_TYPES, makeAlert } from '../../../lib/alerts/alert-fixtures';
import type { Alert } from '../../../lib/alerts/alert';

function backend(
  alerts: (request: RecordedRequest) => Alert[],
  total: number,
  overrides: Record<string, FakeRoute> = {},
) {
  return {
    'GET alerts': (request: RecordedRequest) => jsonResponse(alerts(request)),
    'GET alerts/count': () => jsonResponse({ count: total }),
    'GET alert_types': () => jsonResponse(ALERT_TYPES),
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    ...overrides,
  };
}

/** Ids count down from `total` across pages, as newest-first would; `after` / `before` page by key as the API does. */
function pagedAlerts(total: number) {
  return (request: RecordedRequest) => {
    const page = Number(request.query.get('page'));
    const size = Number(request.query.get('size'));
    const after = request.query.get('after');
    const before = request.query.get('before');
    const start =
      after !== null
        ? total - Number(after) + 1
        : before !== null
          ? Math.max(0, total - Number(before) - size)
          : page * size;
    const end = before !== null ? total - Number(before) : Math.min(total, start + size);
    const alerts: Alert[] = [];
    for (let index = start; index < end; index++) {
      const id = total - index;
      alerts.push(makeAlert({ id, parameters: { dev_nonce: id, dev_eui: `aa${id}` } }));
    }
    return alerts;
  };
}

const lastList = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.path === 'alerts').at(-1);
const settled = () =>
  waitFor(() => expect(screen.getByTestId('events-table')).toHaveAttribute('aria-busy', 'false'));

async function openEventsLog(alerts: (request: RecordedRequest) => Alert[], total: number, overrides = {}) {
  storeSession();
  const app = renderApp('/dashboard/events_log', backend(alerts, total, overrides));
  await settled();
  const socket = app.sockets[0];
  act(() => socket.connect());
  return { ...app, socket };
}

describe('Events log', () => {
  it('lists alerts with the spec columns, newest first, 50 a page', async () => {
    const { requests } = await openEventsLog(
      () => [
        makeAlert({ id: 2, created_at: '2024-03-05T14:07:09Z' }),
        makeAlert({
          id: 1,
          type: 'LAF-400',
          data_collector_name: 'TTN',
          resolved_at: '2024-03-05T15:00:00Z',
        }),
      ],
      2,
    );
    expect(screen.getByRole('heading', { name: 'EVENTS LOG' })).toBeInTheDocument();
    const headers = within(screen.getByTestId('events-table'))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['RISK', 'DESCRIPTION', 'DATE', 'SOURCE', 'STATE', 'ACTIONS']);
    const [first, second] = screen.getAllByTestId('event-row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'MEDIUM',
      'Possible Join replay attack',
      '03/05/24 02:07:09 PM',
      'ChirpStack lab',
      'Unresolved',
      'View',
    ]);
    expect(within(second).getByText('INFO')).toBeInTheDocument();
    expect(within(second).getByText('TTN')).toBeInTheDocument();
    expect(within(second).getByText('Resolved')).toBeInTheDocument();

    const list = lastList(requests);
    expect(list?.query.get('page')).toBe('0');
    expect(list?.query.get('size')).toBe('50');
    expect(list?.query.getAll('order_by[]')).toEqual(['created_at', 'DESC']);
    expect(screen.getByLabelText('Items per page')).toHaveValue('50');
  });

  it('shows the empty texts', async () => {
    await openEventsLog(() => [], 0);
    const empty = screen.getByTestId('events-empty');
    expect(empty).toHaveTextContent('There are no events to show');
    expect(empty).toHaveTextContent('No events');
  });

  it('shows the Oops box when the list fails', async () => {
    storeSession();
    renderApp(
      '/dashboard/events_log',
      backend(() => [], 0, { 'GET alerts': () => jsonResponse({}, 500) }),
    );
    const box = await screen.findByTestId('error-box');
    expect(box).toHaveTextContent('Oops!');
    expect(box).toHaveTextContent('Something went wrong. Try again later.');
  });

  it('opens an alert from a row and moves next and previous across pages', async () => {
    const user = userEvent.setup();
    const { requests } = await openEventsLog(pagedAlerts(12), 12);
    await user.selectOptions(screen.getByLabelText('Items per page'), '10');
    await settled();

    await user.click(screen.getByRole('button', { name: /View event 3:/ }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Repeated DevNonce 3 from device AA3.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastList(requests)?.query.get('page')).toBe('1'));
    // The next page is read after the last alert of the page on hand.
    expect(lastList(requests)?.query.get('after')).toBe('3');
    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog')).getByText('Repeated DevNonce 2 from device AA2.'),
      ).toBeInTheDocument(),
    );
    dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(lastList(requests)?.query.get('page')).toBe('0'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog')).getByText('Repeated DevNonce 3 from device AA3.'),
      ).toBeInTheDocument(),
    );
  });

  it('opens an alert when its row is clicked', async () => {
    const user = userEvent.setup();
    await openEventsLog(() => [makeAlert({ id: 4 })], 1);
    await user.click(within(screen.getByTestId('events-table')).getByText('Possible Join replay attack'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('reads the first page again when an alert arrives live', async () => {
    let served = [makeAlert({ id: 1 })];
    const { socket } = await openEventsLog(() => served, 1);
    served = [makeAlert({ id: 2 }), makeAlert({ id: 1 })];
    act(() => socket.serverEmit('new_alert', { alert_id: 2 }));
    await waitFor(
      () =>
        expect(screen.getAllByTestId('event-row').map((row) => row.getAttribute('data-alert-id'))).toEqual([
          '2',
          '1',
        ]),
      // Live alerts are batched for a second before the page is read again.
      { timeout: 3000 },
    );
  });
});

describe('Events log held still', () => {
  const shownIds = () => screen.getAllByTestId('event-row').map((row) => row.getAttribute('data-alert-id'));

  it('keeps its rows while paused, says how many wait, and applies them on resume', async () => {
    let served = [makeAlert({ id: 1 })];
    const { socket } = await openEventsLog(() => served, 1);
    await userEvent.click(screen.getByRole('button', { name: 'Pause live events' }));
    served = [makeAlert({ id: 3 }), makeAlert({ id: 2 }), makeAlert({ id: 1 })];
    act(() => socket.serverEmit('new_alert', { alert_id: 3 }));
    expect(
      await screen.findByText('Paused: 2 new waiting', undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(shownIds()).toEqual(['1']);
    await userEvent.click(screen.getByRole('button', { name: 'Resume live events' }));
    expect(shownIds()).toEqual(['3', '2', '1']);
    expect(screen.getByTestId('live-hold-status')).toHaveTextContent('Live');
  });

  it('holds still while the pointer is over the table and catches up when it leaves', async () => {
    let served = [makeAlert({ id: 1 })];
    const { socket } = await openEventsLog(() => served, 1);
    const table = screen.getByTestId('events-table');
    await userEvent.hover(table);
    served = [makeAlert({ id: 2 }), makeAlert({ id: 1 })];
    act(() => socket.serverEmit('new_alert', { alert_id: 2 }));
    expect(
      await screen.findByText('Held while the pointer is on the list: 1 new waiting', undefined, {
        timeout: 3000,
      }),
    ).toBeInTheDocument();
    expect(shownIds()).toEqual(['1']);
    await userEvent.unhover(table);
    expect(shownIds()).toEqual(['2', '1']);
  });
});

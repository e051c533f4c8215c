import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { jsonResponse, type FakeRoute, type RecordedRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { ALERT_TYPES, makeAlert } from '../../../lib/alerts/alert-fixtures';
import type { AlertHistoryEvent } from '../types/alert-history';

const RAISED: AlertHistoryEvent = {
  position: 5,
  time: '2024-03-05T14:07:09.000Z',
  recorded_at: '2024-03-05T14:07:09.120Z',
  type: 'AlertRaised',
  stream: 'alert-abc',
  data: { code: 'LAF-001' },
  cause: { kind: 'packet', id: 'pkt-42', data_collector_id: 3, date: '2024-03-05T14:07:09.000Z' },
};
const RESOLVED: AlertHistoryEvent = {
  position: 9,
  time: '2024-03-05T15:00:00.000Z',
  recorded_at: '2024-03-05T15:00:00.010Z',
  type: 'AlertResolved',
  stream: 'alert-abc',
  data: { alertId: 'abc', comment: 'Gateway swapped' },
  cause: { kind: 'user', id: 1, username: 'olga' },
};
const OLD: AlertHistoryEvent = { ...RAISED, position: 2, data: { code: 'LAF-003' }, cause: null };

function backend(history: FakeRoute): Record<string, FakeRoute> {
  return {
    'GET alerts': () => jsonResponse([makeAlert({ id: 5 })]),
    'GET alerts/count': () => jsonResponse({ count: 1 }),
    'GET alert_types': () => jsonResponse(ALERT_TYPES),
    'GET alert_types/count': () => jsonResponse([{ ...ALERT_TYPES[0], count: 1 }]),
    'GET data_collectors': () => jsonResponse({ data_collectors: [] }),
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    'GET audit/events': history,
    'GET audit/events.jsonl': () =>
      new Response(`${JSON.stringify(RAISED)}\n${JSON.stringify(RESOLVED)}\n`, {
        headers: { 'Content-Type': 'application/x-ndjson' },
      }),
  };
}

const onePage = () =>
  jsonResponse({ events: [RAISED, RESOLVED], total_items: 2, total_pages: 1, next_after: null });

/** jsdom's Blob has no text(): read it the way a browser of any age can. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

async function openDialog(roles: number[], history: FakeRoute = onePage) {
  storeSession({ roles });
  const app = renderApp('/dashboard/alerts_review', backend(history));
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Show details of alert 5/ }));
  const dialog = await screen.findByRole('dialog');
  return { ...app, user, dialog };
}

describe("the alert dialog's history", () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists what happened to the alert and why, once asked for', async () => {
    const { user, dialog, requests } = await openDialog([2]);
    expect(requests.some((request) => request.path === 'audit/events')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Show history' }));

    const rows = await within(dialog).findAllByTestId('alert-history-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[1].textContent)).toEqual([
      'Alert LAF-001 raised',
      'Alert resolved: Gateway swapped',
    ]);
    expect(within(rows[0]).getByText(/^Packet pkt-42 of 03\/05\/24/)).toBeInTheDocument();
    expect(within(rows[1]).getByText('User olga')).toBeInTheDocument();
    const asked = requests.find((request) => request.path === 'audit/events');
    expect(Object.fromEntries(asked!.query)).toEqual({ alert_id: '5', page: '1', size: '5' });
  });

  it('shows a dash where the record names no cause, and pages through a long history', async () => {
    const history = (request: RecordedRequest) =>
      jsonResponse({
        events: request.query.get('page') === '2' ? [RESOLVED] : [OLD],
        total_items: 6,
        total_pages: 2,
        next_after: null,
      });
    const { user, dialog, requests } = await openDialog([2], history);
    await user.click(within(dialog).getByRole('button', { name: 'Show history' }));
    const [old] = await within(dialog).findAllByTestId('alert-history-row');
    expect(within(old).getAllByRole('cell')[2]).toHaveTextContent('-');
    await user.click(within(dialog).getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('alert-history-row')).toHaveTextContent('Alert resolved'),
    );
    expect(
      requests
        .filter((request) => request.path === 'audit/events')
        .at(-1)
        ?.query.get('page'),
    ).toBe('2');
  });

  it('exports the history as JSON Lines', async () => {
    const createObjectURL = vi.fn((blob: Blob) => {
      void blob;
      return 'blob:history';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, dialog, requests } = await openDialog([2]);
    await user.click(within(dialog).getByRole('button', { name: 'Show history' }));
    await within(dialog).findAllByTestId('alert-history-row');
    await user.click(within(dialog).getByRole('button', { name: 'Export JSON Lines' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const exported = requests.find((request) => request.path === 'audit/events.jsonl');
    expect(exported?.query.get('alert_id')).toBe('5');
    const blob = createObjectURL.mock.calls[0][0];
    const lines = (await blobText(blob)).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line) as AlertHistoryEvent)).toEqual([RAISED, RESOLVED]);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('alert-5-history.jsonl');
  });

  it('says so when there is nothing to show', async () => {
    const { user, dialog } = await openDialog([2], () =>
      jsonResponse({ events: [], total_items: 0, total_pages: 0, next_after: null }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Show history' }));
    expect(await within(dialog).findByText('There are no events to show')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Export JSON Lines' })).toBeDisabled();
  });

  it('shows the failure box when the history cannot be read', async () => {
    const { user, dialog } = await openDialog([2], () =>
      jsonResponse({ message: 'Internal server error' }, 500),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Show history' }));
    expect(await within(dialog).findByTestId('error-box')).toHaveTextContent('Something went wrong');
  });

  it('is not offered to regular users', async () => {
    const { dialog } = await openDialog([1]);
    expect(within(dialog).queryByRole('button', { name: 'Show history' })).not.toBeInTheDocument();
  });
});

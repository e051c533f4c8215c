import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { jsonResponse, type FakeRoute, type RecordedRequest } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';
import { ALERT_TYPES, makeAlert } from '../../lib/alerts/alert-fixtures';
import type { HistoryEvent } from '../history/history-types';

const RAISED: HistoryEvent = {
  position: 5,
  time: '2024-03-05T14:07:09.000Z',
  recorded_at: '2024-03-05T14:07:09.120Z',
  type: 'AlertRaised',
  stream: 'alert-abc',
  data: { code: 'LAF-001' },
  cause: { kind: 'packet', id: 'pkt-42', data_collector_id: 3, date: '2024-03-05T14:07:09.000Z' },
};
const OPENED: HistoryEvent = {
  ...RAISED,
  position: 6,
  type: 'IssueOpened',
  stream: 'issue-abc',
  data: { code: 'LAF-001' },
  cause: null,
};
const RESOLVED: HistoryEvent = {
  position: 9,
  time: '2024-03-05T15:00:00.000Z',
  recorded_at: '2024-03-05T15:00:00.010Z',
  type: 'AlertResolved',
  stream: 'alert-abc',
  data: { alertId: 'abc', comment: 'Gateway swapped' },
  cause: { kind: 'user', id: 1, username: 'olga' },
};

/** The API answers newest first when asked `order=desc`. */
const newestFirst = () =>
  jsonResponse({ events: [RESOLVED, OPENED, RAISED], total_items: 3, total_pages: 1, next_after: null });

function reviewBackend(history: FakeRoute): Record<string, FakeRoute> {
  return {
    'GET alerts': () => jsonResponse([makeAlert({ id: 5 }), makeAlert({ id: 6, type: 'LAF-400' })]),
    'GET alerts/count': () => jsonResponse({ count: 2 }),
    'GET alert_types': () => jsonResponse(ALERT_TYPES),
    'GET alert_types/count': () => jsonResponse([{ ...ALERT_TYPES[0], count: 2 }]),
    'GET data_collectors': () => jsonResponse({ data_collectors: [] }),
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    'GET audit/events': history,
    'GET audit/events.jsonl': () =>
      new Response(`${JSON.stringify(RAISED)}\n${JSON.stringify(OPENED)}\n${JSON.stringify(RESOLVED)}\n`, {
        headers: { 'Content-Type': 'application/x-ndjson' },
      }),
  };
}

/** jsdom's Blob has no text(): read it the way a browser of any age can. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const historyAsked = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.path === 'audit/events');

async function openReviewDialog(roles: number[], history: FakeRoute = newestFirst, search = '') {
  storeSession({ roles });
  const app = renderApp(`/dashboard/alerts_review${search}`, reviewBackend(history));
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Show details of alert 5/ }));
  const dialog = await screen.findByRole('dialog');
  return { ...app, user, dialog };
}

async function openHistoryTab(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('tab', { name: 'History' }));
  return within(dialog).findByTestId('event-history');
}

/** A past time shown in the header, and how the History tab words it (the banner's date format, UTC here). */
const AS_OF = '2024-03-05T14:30:00.000Z';
const AS_OF_LINE = 'Showing the history as of 03/05/24 02:30:00 PM';

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe("the alert dialog's History tab", () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens on Details, and lists what happened to the alert and why, newest first, once History is chosen', async () => {
    const { user, dialog, requests } = await openReviewDialog([2]);
    expect(within(dialog).getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('region', { name: 'Technical description' })).toBeInTheDocument();
    expect(historyAsked(requests)).toHaveLength(0);

    const history = await openHistoryTab(user, dialog);
    const rows = await within(history).findAllByTestId('history-row');
    expect(rows.map((row) => cellsOf(row).slice(1))).toEqual([
      ['AlertResolved', 'Alert resolved: Gateway swapped', 'User olga'],
      ['IssueOpened', 'Issue LAF-001 opened', '-'],
      ['AlertRaised', 'Alert LAF-001 raised', 'Packet pkt-42 of 03/05/24 02:07:09 PM'],
    ]);
    expect(within(history).getByTestId('history-count')).toHaveTextContent('3 events');
    expect(within(history).queryByTestId('history-as-of')).not.toBeInTheDocument();
    // The details are another tab now, not below the history.
    expect(within(dialog).queryByRole('region', { name: 'Technical description' })).not.toBeInTheDocument();
    expect(Object.fromEntries(historyAsked(requests)[0].query)).toEqual({
      alert_id: '5',
      page: '1',
      size: '10',
      order: 'desc',
    });
  });

  it('pages through a long history', async () => {
    const history = (request: RecordedRequest) =>
      jsonResponse({
        events: request.query.get('page') === '2' ? [RAISED] : [RESOLVED],
        total_items: 11,
        total_pages: 2,
        next_after: null,
      });
    const { user, dialog, requests } = await openReviewDialog([2], history);
    const panel = await openHistoryTab(user, dialog);
    expect(await within(panel).findByTestId('history-row')).toHaveTextContent('Alert resolved');
    await user.click(within(panel).getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(within(panel).getByTestId('history-row')).toHaveTextContent('Alert LAF-001 raised'),
    );
    expect(historyAsked(requests).at(-1)?.query.get('page')).toBe('2');
  });

  it('exports the whole history as JSON Lines through the audit export', async () => {
    const createObjectURL = vi.fn((blob: Blob) => {
      void blob;
      return 'blob:history';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, dialog, requests } = await openReviewDialog([2]);
    const panel = await openHistoryTab(user, dialog);
    await within(panel).findAllByTestId('history-row');
    await user.click(within(panel).getByRole('button', { name: 'Export JSON Lines' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const exported = requests.find((request) => request.path === 'audit/events.jsonl');
    expect(Object.fromEntries(exported!.query)).toEqual({ alert_id: '5' });
    const lines = (await blobText(createObjectURL.mock.calls[0][0])).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line) as HistoryEvent)).toEqual([RAISED, OPENED, RESOLVED]);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^alert-5-history-.+\.jsonl$/);
  });

  it('says so when there is nothing to show', async () => {
    const { user, dialog } = await openReviewDialog([2], () =>
      jsonResponse({ events: [], total_items: 0, total_pages: 0, next_after: null }),
    );
    const panel = await openHistoryTab(user, dialog);
    expect(await within(panel).findByText('There are no events to show')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Export JSON Lines' })).toBeDisabled();
  });

  it('shows the failure box when the history cannot be read', async () => {
    const { user, dialog } = await openReviewDialog([2], () =>
      jsonResponse({ message: 'Internal server error' }, 500),
    );
    const panel = await openHistoryTab(user, dialog);
    expect(await within(panel).findByTestId('error-box')).toHaveTextContent('Something went wrong');
  });

  it('stays on History while stepping to the next alert, and the dialog opens again on Details', async () => {
    const { user, dialog, requests } = await openReviewDialog([2]);
    const panel = await openHistoryTab(user, dialog);
    await within(panel).findAllByTestId('history-row');

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(historyAsked(requests).at(-1)?.query.get('alert_id')).toBe('6'));
    expect(within(dialog).getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    expect(await within(dialog).findAllByTestId('history-row')).toHaveLength(3);

    await user.click(within(dialog).getByRole('button', { name: 'Close alert dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /Show details of alert 5/ }));
    const reopened = await screen.findByRole('dialog');
    expect(within(reopened).getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
  });

  it('follows the past time shown: reads and exports the events up to it, and says so above the table', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:history'), revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, dialog, requests } = await openReviewDialog([2], newestFirst, `?as_of=${AS_OF}`);
    const panel = await openHistoryTab(user, dialog);
    await within(panel).findAllByTestId('history-row');

    expect(within(panel).getByTestId('history-as-of')).toHaveTextContent(AS_OF_LINE);
    expect(historyAsked(requests).length).toBeGreaterThan(0);
    // The record takes no as_of (it would answer 400): the time shown is its upper bound on when events happened.
    for (const request of historyAsked(requests))
      expect(Object.fromEntries(request.query)).toEqual({
        alert_id: '5',
        to: AS_OF,
        page: '1',
        size: '10',
        order: 'desc',
      });

    await user.click(within(panel).getByRole('button', { name: 'Export JSON Lines' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const exported = requests.find((request) => request.path === 'audit/events.jsonl');
    expect(Object.fromEntries(exported!.query)).toEqual({ alert_id: '5', to: AS_OF });
  });

  it('reads the whole history again once back to live, the dialog opened again', async () => {
    const { user, dialog, requests } = await openReviewDialog([2], newestFirst, `?as_of=${AS_OF}`);
    await within(await openHistoryTab(user, dialog)).findAllByTestId('history-row');
    expect(historyAsked(requests).at(-1)?.query.get('to')).toBe(AS_OF);
    await user.click(within(dialog).getByRole('button', { name: 'Close alert dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const before = requests.length;
    await user.click(screen.getByRole('button', { name: 'Back to live' }));
    await user.click(await screen.findByRole('button', { name: /Show details of alert 5/ }));
    const panel = await openHistoryTab(user, await screen.findByRole('dialog'));
    await within(panel).findAllByTestId('history-row');

    const again = historyAsked(requests.slice(before));
    expect(again.length).toBeGreaterThan(0);
    for (const request of again) expect(request.query.has('to')).toBe(false);
    expect(within(panel).queryByTestId('history-as-of')).not.toBeInTheDocument();
  });

  it('opened over the page from a notification, follows the time shown while it stays open', async () => {
    storeSession({ roles: [2] });
    const alert = makeAlert({ id: 5 });
    const { requests, router } = renderApp('/dashboard/alerts_review', {
      ...reviewBackend(newestFirst),
      'GET notifications/count': () => jsonResponse({ count: 1 }),
      'GET notifications': () =>
        new Response(
          JSON.stringify([
            {
              id: 1,
              type: 'NEW_ALERT',
              createdAt: '2024-03-05T14:07:09Z',
              readAt: null,
              alertId: alert.id,
              alert,
              alertType: ALERT_TYPES[0],
              notificationSource: 'push',
              notificationState: null,
            },
          ]),
          { headers: { 'total-items': '1', 'total-pages': '1' } },
        ),
      'PATCH notifications/1': () => jsonResponse({}),
    });
    const user = userEvent.setup();
    // The user picks a past time, then opens the alert from the notifications in the header.
    await act(() => router.navigate(`/dashboard/alerts_review?as_of=${AS_OF}`));
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const list = await screen.findByTestId('notifications-list');
    await user.click(await within(list).findByRole('button', { name: ALERT_TYPES[0].name }));
    const title = await screen.findByTestId('alert-dialog-title');
    const dialog = title.closest<HTMLElement>('[role="dialog"]')!;
    const panel = await openHistoryTab(user, dialog);
    await within(panel).findAllByTestId('history-row');
    expect(within(panel).getByTestId('history-as-of')).toHaveTextContent(AS_OF_LINE);
    expect(historyAsked(requests).at(-1)?.query.get('to')).toBe(AS_OF);

    // Back in the browser: live again, the tab still open reads the whole history again.
    const before = requests.length;
    await act(() => router.navigate(-1));
    await waitFor(() => expect(within(panel).queryByTestId('history-as-of')).not.toBeInTheDocument());
    await waitFor(() => expect(historyAsked(requests.slice(before)).length).toBeGreaterThan(0));
    for (const request of historyAsked(requests.slice(before))) expect(request.query.has('to')).toBe(false);
    expect(await within(panel).findAllByTestId('history-row')).toHaveLength(3);
  });

  it('is not offered to regular users: no tabs, the details only, nothing asked of the record', async () => {
    const { dialog, requests } = await openReviewDialog([1]);
    expect(within(dialog).getByRole('region', { name: 'Technical description' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab')).not.toBeInTheDocument();
    expect(historyAsked(requests)).toHaveLength(0);
  });
});

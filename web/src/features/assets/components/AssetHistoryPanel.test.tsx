import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, vi } from 'vitest';
import { jsonResponse, type FakeRoute, type RecordedRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { DEVICE_ID, makeAssetAlert, makeDevice, makeUsage } from '../testing/asset-fixtures';
import type { HistoryEvent } from '../../../components/history/history-types';

const DEVICE_PATH = `inventory/device/${DEVICE_ID}`;

const event = (
  position: number,
  type: string,
  data: Record<string, unknown>,
  cause: HistoryEvent['cause'],
) => ({
  position,
  time: '2024-03-05T14:07:09.000Z',
  recorded_at: '2024-03-05T14:07:09.100Z',
  type,
  stream: `stream-${position}`,
  data,
  cause,
});

const RAISED = event(
  3,
  'AlertRaised',
  { code: 'LAF-001' },
  {
    kind: 'packet',
    id: 'pkt-42',
    data_collector_id: 1,
    date: '2024-03-05T14:07:09.000Z',
  },
);
const RESOLVED = event(
  8,
  'AlertResolved',
  { comment: 'Checked on site' },
  { kind: 'user', id: 1, username: 'olga' },
);
const IMPORTANCE = event(
  12,
  'AssetImportanceSet',
  { importance: 'HIGH' },
  { kind: 'user', id: 2, username: 'ben' },
);
const CLOSED = event(15, 'IssueClosed', { code: 'LAF-100', reason: 2 }, null);

function backend(history: FakeRoute): Record<string, FakeRoute> {
  const empty = { total_items: 0, total_pages: 0 };
  return {
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    'GET console_config': () => jsonResponse({ map_style_url: null }),
    [`GET ${DEVICE_PATH}`]: () => jsonResponse(makeDevice()),
    [`GET resource_usage/device/${DEVICE_ID}`]: () => jsonResponse(makeUsage()),
    'GET resource_usage/list': () => jsonResponse({ assets: [], ...empty }),
    [`GET ${DEVICE_PATH}/alerts`]: () => jsonResponse({ alerts: [], ...empty }),
    [`GET ${DEVICE_PATH}/issues`]: () => jsonResponse({ issues: [], ...empty }),
    'GET audit/events': history,
    'GET audit/events.jsonl': () =>
      new Response(`${JSON.stringify(RAISED)}\n`, { headers: { 'Content-Type': 'application/x-ndjson' } }),
  };
}

const newestFirst = (request: RecordedRequest) =>
  jsonResponse({
    events: request.query.get('page') === '2' ? [RAISED] : [CLOSED, IMPORTANCE, RESOLVED],
    total_items: 13,
    total_pages: 2,
    next_after: null,
  });

function openView(roles: number[], history: FakeRoute = newestFirst, search = '') {
  storeSession({ roles });
  return renderApp(`/dashboard/assets/device/${DEVICE_ID}/view${search}`, backend(history));
}

/** A past time shown in the header, and how the History tab words it (the banner's date format, UTC here). */
const AS_OF = '2024-03-05T15:30:00.000Z';
const AS_OF_LINE = 'Showing the history as of 03/05/24 03:30:00 PM';

/** jsdom's Blob has no text(): read it the way a browser of any age can. */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe("the Asset 360 view's History tab", () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists the asset's events newest first: time, type, what happened and what caused it", async () => {
    const user = userEvent.setup();
    const { requests } = openView([2]);
    await screen.findByTestId('asset-header');
    expect(screen.getByTestId('asset-details')).toBeInTheDocument();
    expect(requests.some((request) => request.path === 'audit/events')).toBe(false);

    await user.click(screen.getByRole('tab', { name: 'History' }));
    const panel = await screen.findByTestId('asset-history');
    const rows = await within(panel).findAllByTestId('history-row');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['IssueClosed', 'Issue LAF-100 closed after its timeout', '-'],
      ['AssetImportanceSet', 'Importance set to HIGH', 'User ben'],
      ['AlertResolved', 'Alert resolved: Checked on site', 'User olga'],
    ]);
    expect(within(rows[0]).getAllByRole('cell')[0].textContent).toMatch(/^03\/05\/24 /);
    expect(within(panel).getByTestId('history-count')).toHaveTextContent('13 events');
    // Live: no bound asked, no line about a past time.
    expect(within(panel).queryByTestId('history-as-of')).not.toBeInTheDocument();
    const asked = requests.find((request) => request.path === 'audit/events');
    expect(Object.fromEntries(asked!.query)).toEqual({
      asset_type: 'device',
      asset_id: String(DEVICE_ID),
      page: '1',
      size: '10',
      order: 'desc',
    });
    // The overview is back as it was.
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(await screen.findByTestId('asset-details')).toBeInTheDocument();
  });

  it('pages to older events and shows the packet behind a detector’s event', async () => {
    const user = userEvent.setup();
    openView([2]);
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const panel = await screen.findByTestId('asset-history');
    await within(panel).findAllByTestId('history-row');
    await user.click(within(panel).getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(within(panel).getByTestId('history-row')).toHaveTextContent('Alert LAF-001 raised'),
    );
    expect(within(panel).getByTestId('history-row')).toHaveTextContent(/Packet pkt-42 of 03\/05\/24/);
  });

  it('exports the whole history as JSON Lines', async () => {
    const createObjectURL = vi.fn((blob: Blob) => {
      void blob;
      return 'blob:history';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { requests } = openView([2]);
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const panel = await screen.findByTestId('asset-history');
    await within(panel).findAllByTestId('history-row');
    await user.click(within(panel).getByRole('button', { name: 'Export JSON Lines' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const exported = requests.find((request) => request.path === 'audit/events.jsonl');
    expect(Object.fromEntries(exported!.query)).toEqual({
      asset_type: 'device',
      asset_id: String(DEVICE_ID),
    });
    // One event reads as JSON to the client: the file still holds it as one line.
    expect(await blobText(createObjectURL.mock.calls[0][0])).toBe(`${JSON.stringify(RAISED)}\n`);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^device-\d+-history-.+\.jsonl$/);
  });

  it('says so when the asset has no recorded events', async () => {
    const user = userEvent.setup();
    openView([2], () => jsonResponse({ events: [], total_items: 0, total_pages: 0, next_after: null }));
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const panel = await screen.findByTestId('asset-history');
    expect(await within(panel).findByText('There are no events to show')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Export JSON Lines' })).toBeDisabled();
  });

  it('follows the past time shown: lists and exports the events up to it, and says so above the table', async () => {
    const createObjectURL = vi.fn((blob: Blob) => {
      void blob;
      return 'blob:history';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { requests } = openView([2], newestFirst, `?as_of=${AS_OF}`);
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const panel = await screen.findByTestId('asset-history');
    await within(panel).findAllByTestId('history-row');

    expect(within(panel).getByTestId('history-as-of')).toHaveTextContent(AS_OF_LINE);
    const asked = requests.filter((request) => request.path === 'audit/events');
    expect(asked.length).toBeGreaterThan(0);
    // The record takes no as_of (it would answer 400): the time shown is its upper bound on when events happened.
    for (const request of asked)
      expect(Object.fromEntries(request.query)).toEqual({
        asset_type: 'device',
        asset_id: String(DEVICE_ID),
        to: AS_OF,
        page: '1',
        size: '10',
        order: 'desc',
      });

    await user.click(within(panel).getByRole('button', { name: 'Export JSON Lines' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const exported = requests.find((request) => request.path === 'audit/events.jsonl');
    expect(Object.fromEntries(exported!.query)).toEqual({
      asset_type: 'device',
      asset_id: String(DEVICE_ID),
      to: AS_OF,
    });
  });

  it('reads the whole history again, without the bound and the line, once back to live', async () => {
    const user = userEvent.setup();
    const { requests } = openView([2], newestFirst, `?as_of=${AS_OF}`);
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const past = await screen.findByTestId('asset-history');
    await within(past).findAllByTestId('history-row');
    expect(
      requests
        .filter((request) => request.path === 'audit/events')
        .at(-1)
        ?.query.get('to'),
    ).toBe(AS_OF);

    const before = requests.length;
    await user.click(screen.getByRole('button', { name: 'Back to live' }));
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const live = await screen.findByTestId('asset-history');
    await within(live).findAllByTestId('history-row');

    const again = requests.slice(before).filter((request) => request.path === 'audit/events');
    expect(again.length).toBeGreaterThan(0);
    for (const request of again) expect(request.query.has('to')).toBe(false);
    expect(within(live).queryByTestId('history-as-of')).not.toBeInTheDocument();
    expect(screen.queryByText(/Showing the history as of/)).not.toBeInTheDocument();
  });

  it('shows no tabs to regular users', async () => {
    openView([1]);
    await screen.findByTestId('asset-header');
    expect(screen.getByTestId('asset-details')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'History' })).not.toBeInTheDocument();
  });
  it("is the same history as the alert dialog's History tab, one component reading the same events", async () => {
    storeSession({ roles: [2] });
    const { requests } = renderApp(`/dashboard/assets/device/${DEVICE_ID}/view`, {
      ...backend(newestFirst),
      [`GET ${DEVICE_PATH}/alerts`]: () =>
        jsonResponse({ alerts: [makeAssetAlert({ id: 41 })], total_items: 1, total_pages: 1 }),
    });
    const asked = () => requests.filter((request) => request.path === 'audit/events').at(-1);
    const cellsOf = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    const user = userEvent.setup();
    await user.click((await screen.findAllByTestId('asset-alert-row'))[0]);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('tab', { name: 'History' }));
    const dialogRows = (await within(dialog).findAllByTestId('history-row')).map(cellsOf);
    expect(Object.fromEntries(asked()!.query)).toEqual({
      alert_id: '41',
      page: '1',
      size: '10',
      order: 'desc',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Close alert dialog' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('tab', { name: 'History' }));
    const panel = await screen.findByTestId('asset-history');
    const pageRows = (await within(panel).findAllByTestId('history-row')).map(cellsOf);
    expect(asked()?.query.get('asset_id')).toBe(String(DEVICE_ID));
    expect(pageRows).toEqual(dialogRows);
    expect(pageRows).toHaveLength(3);
  });
});

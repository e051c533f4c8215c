import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type RecordedRequest } from '../../../test/fake-fetch';
import { renderApp, type TestApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { ALERT_TYPES, makeAlert } from '../../../lib/alerts/alert-fixtures';
import { EVENTS_URL_CODEC, initialEventsView, reduceEventsView } from '../types/events-view';

const BACKEND = {
  'GET alerts': () => jsonResponse([makeAlert({ id: 1 })]),
  'GET alerts/count': () => jsonResponse({ count: 1 }),
  'GET alert_types': () => jsonResponse(ALERT_TYPES),
  'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
  'GET events_log/export': () =>
    new Response('id\r\n1\r\n', {
      status: 200,
      headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="events-log.csv"' },
    }),
};

const last = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.path === path).at(-1);
const settled = () =>
  waitFor(() => expect(screen.getByTestId('events-table')).toHaveAttribute('aria-busy', 'false'));
/** The filter part of a request, comparable between the list, its count and the export. */
function filtersOf(request: RecordedRequest | undefined): string[] {
  const skip = ['page', 'size', 'order_by[]', 'include_parameters', 'group_by', 'format', 'after', 'before'];
  return [...(request?.query.entries() ?? [])]
    .filter(([key]) => !skip.includes(key))
    .map(([key, value]) => `${key}=${value}`)
    .sort();
}
const urlOf = (app: TestApp) => new URLSearchParams(app.router.state.location.search);

async function open(path = '/dashboard/events_log'): Promise<TestApp> {
  storeSession();
  const app = renderApp(path, BACKEND);
  await settled();
  return app;
}

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:events'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('Events log filters and date range', () => {
  it('reads the last day by default, with no end, and leaves the URL bare', async () => {
    const app = await open();
    const list = last(app.requests, 'alerts');
    const from = Date.parse(list?.query.get('created_at[gte]') ?? '');
    expect(Date.now() - from).toBeGreaterThan(23.9 * 3600_000);
    expect(Date.now() - from).toBeLessThan(24.1 * 3600_000);
    expect(list?.query.get('created_at[lte]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Last day' })).toHaveAttribute('aria-pressed', 'true');
    expect(filtersOf(last(app.requests, 'alerts/count'))).toEqual(filtersOf(list));
    expect(app.router.state.location.search).toBe('');
  });

  it('sends risk, state, alert type and search to the list and its count, and keeps them in the URL', async () => {
    const user = userEvent.setup();
    const app = await open();

    await user.click(screen.getByRole('checkbox', { name: 'HIGH' }));
    await waitFor(() => expect(last(app.requests, 'alerts')?.query.getAll('risk[]')).toEqual(['HIGH']));
    await user.click(screen.getByRole('checkbox', { name: 'Resolved' }));
    await waitFor(() => expect(last(app.requests, 'alerts')?.query.get('resolved')).toBe('true'));

    await user.click(screen.getByRole('textbox', { name: 'Alert types' }));
    await user.click(await screen.findByRole('option', { name: 'New device' }));
    await waitFor(() => expect(last(app.requests, 'alerts')?.query.getAll('type[]')).toEqual(['LAF-400']));

    await user.type(screen.getByRole('textbox', { name: 'Search' }), '70b3d549{Enter}');
    await waitFor(() => expect(last(app.requests, 'alerts')?.query.get('search')).toBe('70b3d549'));
    await settled();

    const list = last(app.requests, 'alerts');
    expect(list?.query.get('page')).toBe('0');
    expect(filtersOf(last(app.requests, 'alerts/count'))).toEqual(filtersOf(list));
    const url = urlOf(app);
    expect(url.getAll('risk')).toEqual(['HIGH']);
    expect(url.get('status')).toBe('resolved');
    expect(url.getAll('type')).toEqual(['LAF-400']);
    expect(url.get('q')).toBe('70b3d549');

    // Pressing a chip again lifts its filter.
    await user.click(screen.getByRole('checkbox', { name: 'Resolved' }));
    await waitFor(() => expect(last(app.requests, 'alerts')?.query.get('resolved')).toBeNull());
    expect(urlOf(app).get('status')).toBeNull();
  });

  it('opens with the range, filters and page that a URL describes, as after a reload', async () => {
    const from = '2024-03-01T08:00:00.000Z';
    const to = '2024-03-02T20:15:00.000Z';
    const app = await open(
      `/dashboard/events_log?from=${from}&to=${to}&type=LAF-001&risk=MEDIUM&status=unresolved&q=gw-7&page=2&size=10`,
    );
    const list = last(app.requests, 'alerts');
    expect(list?.query.get('created_at[gte]')).toBe(from);
    expect(list?.query.get('created_at[lte]')).toBe(to);
    expect(list?.query.getAll('type[]')).toEqual(['LAF-001']);
    expect(list?.query.getAll('risk[]')).toEqual(['MEDIUM']);
    expect(list?.query.get('resolved')).toBe('false');
    expect(list?.query.get('search')).toBe('gw-7');
    expect(list?.query.get('page')).toBe('1');
    expect(list?.query.get('size')).toBe('10');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('gw-7');
    expect(screen.getByRole('checkbox', { name: 'MEDIUM' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Unresolved' })).toBeChecked();
    const filters = screen.getByTestId('events-filters');
    // The picked type shows as a pill of the type select (its option in the closed list aside).
    const shown = within(filters)
      .getAllByText('Possible Join replay attack')
      .filter((element) => element.closest('[role="option"]') === null);
    expect(shown).toHaveLength(1);
    // A custom range presses no quick range.
    expect(screen.getByRole('button', { name: 'Last day' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Start' })).toHaveTextContent('03/01/24');
    // The URL is left as it came.
    expect(urlOf(app).get('from')).toBe(from);
    expect(urlOf(app).get('to')).toBe(to);
  });

  it('ignores a URL range whose start is not before its end and reads the last day', async () => {
    const app = await open('/dashboard/events_log?from=2024-03-02T00:00:00.000Z&to=2024-03-01T00:00:00.000Z');
    const list = last(app.requests, 'alerts');
    expect(list?.query.get('created_at[lte]')).toBeNull();
    expect(Date.now() - Date.parse(list?.query.get('created_at[gte]') ?? '')).toBeLessThan(24.1 * 3600_000);
    expect(screen.getByRole('button', { name: 'Last day' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('moves to a quick range and clears every filter back to the last day', async () => {
    const user = userEvent.setup();
    const app = await open('/dashboard/events_log?risk=HIGH&q=pump');
    await user.click(screen.getByRole('button', { name: 'Last week' }));
    await waitFor(() => expect(urlOf(app).get('range')).toBe('WEEK'));
    const week = Date.parse(last(app.requests, 'alerts')?.query.get('created_at[gte]') ?? '');
    expect((Date.now() - week) / 86_400_000).toBeCloseTo(7, 0);
    // The other filters stay with a new range.
    expect(last(app.requests, 'alerts')?.query.getAll('risk[]')).toEqual(['HIGH']);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(app.router.state.location.search).toBe(''));
    const list = last(app.requests, 'alerts');
    expect(list?.query.getAll('risk[]')).toEqual([]);
    expect(list?.query.get('search')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('exports with the filters and range on screen', async () => {
    const user = userEvent.setup();
    const app = await open(
      '/dashboard/events_log?from=2024-03-01T08:00:00.000Z&to=2024-03-02T20:15:00.000Z&type=LAF-001&q=gw-7',
    );
    await user.click(screen.getByRole('button', { name: 'Export events' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(last(app.requests, 'events_log/export')).toBeDefined());
    const exported = last(app.requests, 'events_log/export');
    expect(exported?.query.get('format')).toBe('csv');
    expect(filtersOf(exported)).toEqual(filtersOf(last(app.requests, 'alerts')));
    expect(filtersOf(exported)).toContain('created_at[lte]=2024-03-02T20:15:00.000Z');
  });
});

describe('the events log view', () => {
  it('keeps a picked range and leaves the quick range', () => {
    const view = initialEventsView(new Date('2024-03-05T12:00:00Z'));
    const range = { from: new Date('2024-03-01T00:00:00Z'), to: new Date('2024-03-02T00:00:00Z') };
    const next = reduceEventsView({ ...view, page: 3 }, { type: 'range', range });
    expect(next.filters.range).toEqual(range);
    expect(next.filters.quick).toBeNull();
    expect(next.page).toBe(0);
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(EVENTS_URL_CODEC.format(next))) {
      if (typeof value === 'string') params.set(key, value);
    }
    expect(Object.fromEntries(params)).toEqual({
      from: '2024-03-01T00:00:00.000Z',
      to: '2024-03-02T00:00:00.000Z',
    });
    expect(EVENTS_URL_CODEC.parse(params).filters.range).toEqual(range);
  });
});

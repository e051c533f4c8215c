import { BehaviorSubject, Subject, type Subscription } from 'rxjs';
import { createApiClient } from '../../../lib/api';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../../test/fake-fetch';
import { makeAlert } from '../../../lib/alerts/alert-fixtures';
import type { Alert, NewAlertEvent } from '../../../lib/alerts/alert';
import { DEFAULT_ALERTS_ORDER, type AlertsQuery } from '../types/alerts-query';
import { createAlertsPage$ } from './alerts-page';
import type { AlertsPageState } from './alerts-page-state';

const FIRST_PAGE: AlertsQuery = { page: 0, size: 3, orderBy: DEFAULT_ALERTS_ORDER, filters: {} };

describe('alerts page stream', () => {
  let subscription: Subscription | undefined;
  afterEach(() => {
    subscription?.unsubscribe();
    vi.useRealTimers();
  });

  function setUp(options: { alerts: Alert[]; total: number; query?: AlertsQuery; failList?: boolean }) {
    let serverAlerts = options.alerts;
    let serverTotal = options.total;
    const backend = createFakeFetch({
      'GET alerts': () =>
        options.failList ? jsonResponse({ message: 'boom' }, 500) : jsonResponse(serverAlerts),
      'GET alerts/count': () => jsonResponse({ count: serverTotal }),
    });
    const api = createApiClient({
      fetch: backend.fetch,
      getAccessToken: () => 'token',
      onUnauthorized: vi.fn(),
    });
    const query$ = new BehaviorSubject<AlertsQuery>(options.query ?? FIRST_PAGE);
    const reload$ = new Subject<void>();
    const socket = new Subject<NewAlertEvent>();
    const states: AlertsPageState[] = [];
    subscription = createAlertsPage$({
      api,
      query$,
      reload$,
      newAlert$: socket,
      freshAlertMs: 5_000,
    }).subscribe((state) => states.push(state));
    return {
      requests: backend.requests,
      query$,
      reload$,
      socket,
      latest: () => states[states.length - 1],
      setServer(alerts: Alert[], total: number) {
        serverAlerts = alerts;
        serverTotal = total;
      },
    };
  }

  const ids = (state: AlertsPageState) => state.alerts.map((alert) => alert.id);
  const listRequests = (requests: RecordedRequest[]) =>
    requests.filter((request) => request.path === 'alerts');

  it('loads the page snapshot and its total with the API query shape', async () => {
    const { requests, latest } = setUp({ alerts: [makeAlert({ id: 3 }), makeAlert({ id: 2 })], total: 12 });
    expect(latest().status).toBe('loading');

    await vi.waitFor(() => expect(latest().status).toBe('ready'));
    expect(ids(latest())).toEqual([3, 2]);
    expect(latest().total).toBe(12);

    const list = listRequests(requests)[0];
    expect(list.query.get('include_parameters')).toBe('true');
    expect(list.query.get('page')).toBe('0');
    expect(list.query.get('size')).toBe('3');
    expect(list.query.getAll('order_by[]')).toEqual(['created_at', 'DESC']);
    expect(requests.find((request) => request.path === 'alerts/count')?.query.get('group_by')).toBe('TOTAL');
  });

  it('prepends live alerts on the first page, trims to the page size, counts them and marks them new', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const existing = [
      makeAlert({ id: 3, created_at: '2024-03-05T10:00:03Z' }),
      makeAlert({ id: 2, created_at: '2024-03-05T10:00:02Z' }),
      makeAlert({ id: 1, created_at: '2024-03-05T10:00:01Z' }),
    ];
    const { socket, latest, requests } = setUp({ alerts: existing, total: 3 });
    await vi.waitFor(() => expect(latest().status).toBe('ready'));

    socket.next({ alert_id: 4, alert: makeAlert({ id: 4, created_at: '2024-03-05T10:00:04Z' }) });

    expect(ids(latest())).toEqual([4, 3, 2]);
    expect(latest().total).toBe(4);
    expect(latest().freshAlertIds).toEqual([4]);
    expect(latest().hasNewAlerts).toBe(false);
    expect(listRequests(requests)).toHaveLength(1);

    // The same alert twice (e.g. two gateways) is shown and counted once.
    socket.next({ alert_id: 4, alert: makeAlert({ id: 4, created_at: '2024-03-05T10:00:04Z' }) });
    expect(latest().total).toBe(4);

    await vi.advanceTimersByTimeAsync(5_000);
    expect(latest().freshAlertIds).toEqual([]);
  });

  it('keeps alerts announced while the snapshot is loading', async () => {
    const { socket, latest } = setUp({
      alerts: [makeAlert({ id: 1, created_at: '2024-03-05T10:00:01Z' })],
      total: 1,
    });
    socket.next({ alert_id: 2, alert: makeAlert({ id: 2, created_at: '2024-03-05T10:00:02Z' }) });
    expect(latest().status).toBe('loading');

    await vi.waitFor(() => expect(latest().status).toBe('ready'));
    expect(ids(latest())).toEqual([2, 1]);
    expect(latest().total).toBe(2);
  });

  it('re-reads the page when a live alert comes without its record', async () => {
    const { socket, latest, setServer, requests } = setUp({ alerts: [makeAlert({ id: 1 })], total: 1 });
    await vi.waitFor(() => expect(latest().status).toBe('ready'));

    setServer([makeAlert({ id: 2 }), makeAlert({ id: 1 })], 2);
    socket.next({ alert_id: 2 });

    await vi.waitFor(() => expect(latest().total).toBe(2));
    expect(ids(latest())).toEqual([2, 1]);
    expect(latest().freshAlertIds).toEqual([2]);
    expect(listRequests(requests)).toHaveLength(2);
  });

  it('only raises the new-alerts flag on other pages, and Reload clears it', async () => {
    const secondPage = { ...FIRST_PAGE, page: 1 };
    const { socket, latest, reload$, requests } = setUp({
      alerts: [makeAlert({ id: 1 })],
      total: 4,
      query: secondPage,
    });
    await vi.waitFor(() => expect(latest().status).toBe('ready'));

    socket.next({ alert_id: 9, alert: makeAlert({ id: 9 }) });
    expect(latest().hasNewAlerts).toBe(true);
    expect(ids(latest())).toEqual([1]);
    expect(latest().total).toBe(4);

    reload$.next();
    expect(latest().hasNewAlerts).toBe(false);
    await vi.waitFor(() => expect(latest().status).toBe('ready'));
    expect(listRequests(requests)).toHaveLength(2);
  });

  it('uses the banner for a non-default order as well', async () => {
    const oldestFirst: AlertsQuery = { ...FIRST_PAGE, orderBy: ['created_at', 'ASC'] };
    const { socket, latest } = setUp({ alerts: [makeAlert({ id: 1 })], total: 1, query: oldestFirst });
    await vi.waitFor(() => expect(latest().status).toBe('ready'));
    socket.next({ alert_id: 2, alert: makeAlert({ id: 2 }) });
    expect(latest().hasNewAlerts).toBe(true);
    expect(ids(latest())).toEqual([1]);
  });

  it('switches query: the new page replaces the old one', async () => {
    const { query$, latest, requests } = setUp({ alerts: [makeAlert({ id: 1 })], total: 10 });
    await vi.waitFor(() => expect(latest().status).toBe('ready'));
    query$.next({ ...FIRST_PAGE, page: 2 });
    expect(latest().status).toBe('loading');
    await vi.waitFor(() => expect(latest().status).toBe('ready'));
    expect(latest().query?.page).toBe(2);
    expect(listRequests(requests).at(-1)?.query.get('page')).toBe('2');
  });

  it('reports a failed snapshot as an error state', async () => {
    const { latest } = setUp({ alerts: [], total: 0, failList: true });
    await vi.waitFor(() => expect(latest().status).toBe('error'));
  });
});

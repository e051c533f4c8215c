import {
  EMPTY,
  catchError,
  concat,
  debounceTime,
  filter,
  forkJoin,
  map,
  merge,
  mergeMap,
  of,
  scan,
  share,
  startWith,
  switchMap,
  timer,
  type Observable,
} from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import { getAlerts, getAlertsTotal } from '../api/alerts-api';
import type { Alert, NewAlertEvent } from '../../../lib/alerts/alert';
import { showsLiveAlerts, type AlertsQuery } from '../types/alerts-query';
import {
  INITIAL_ALERTS_PAGE,
  reduceAlertsPage,
  type AlertsPageAction,
  type AlertsPageState,
} from './alerts-page-state';

/** How long a live alert stays highlighted. */
export const FRESH_ALERT_MS = 5_000;
/** Live alerts without their record are coalesced into one re-read of the page. */
export const LIVE_REFRESH_DEBOUNCE_MS = 300;

export interface AlertsPageSources {
  api: ApiClient;
  query$: Observable<AlertsQuery>;
  /** Each emission reloads the current query (Reload now, retry). */
  reload$: Observable<unknown>;
  newAlert$: Observable<NewAlertEvent>;
  /** Alerts changed by this page (resolved): replaced in place without a reload. */
  updated$?: Observable<Alert>;
  freshAlertMs?: number;
  liveRefreshDebounceMs?: number;
}

function loadPage(api: ApiClient, query: AlertsQuery): Observable<{ alerts: Alert[]; total: number }> {
  return forkJoin({ alerts: getAlerts(api, query), total: getAlertsTotal(api, query.filters) });
}

function snapshotActions(api: ApiClient, query: AlertsQuery): Observable<AlertsPageAction> {
  return concat(
    of<AlertsPageAction>({ type: 'load-started', query }),
    loadPage(api, query).pipe(
      map(({ alerts, total }): AlertsPageAction => ({ type: 'load-succeeded', alerts, total })),
      catchError(() => of<AlertsPageAction>({ type: 'load-failed' })),
    ),
  );
}

function liveActions(
  api: ApiClient,
  query: AlertsQuery,
  newAlert$: Observable<NewAlertEvent>,
  debounceMs: number,
): Observable<AlertsPageAction> {
  if (!showsLiveAlerts(query)) {
    return newAlert$.pipe(map((): AlertsPageAction => ({ type: 'new-alerts-noticed' })));
  }
  const events$ = newAlert$.pipe(share());
  const withRecord$ = events$.pipe(
    mergeMap((event) => (event.alert ? of(event.alert) : EMPTY)),
    map((alert): AlertsPageAction => ({ type: 'live-alert-received', alert })),
  );
  const withoutRecord$ = events$.pipe(
    filter((event) => !event.alert),
    debounceTime(debounceMs),
    switchMap(() =>
      loadPage(api, query).pipe(
        map(({ alerts, total }): AlertsPageAction => ({ type: 'live-page-refreshed', alerts, total })),
        catchError(() => of<AlertsPageAction>({ type: 'new-alerts-noticed' })),
      ),
    ),
  );
  return merge(withRecord$, withoutRecord$);
}

function freshIdsOf(action: AlertsPageAction): number[] {
  if (action.type === 'live-alert-received') return [action.alert.id];
  if (action.type === 'live-page-refreshed') return action.alerts.map((alert) => alert.id);
  return [];
}

/**
 * The Alerts review page as a stream of states: for each query, a REST snapshot (page + total), reloaded on
 * demand, merged with live `new_alert` events and folded with `scan`. A new query cancels the previous one's
 * requests and timers (switchMap).
 */
export function createAlertsPage$({
  api,
  query$,
  reload$,
  newAlert$,
  updated$ = EMPTY,
  freshAlertMs = FRESH_ALERT_MS,
  liveRefreshDebounceMs = LIVE_REFRESH_DEBOUNCE_MS,
}: AlertsPageSources): Observable<AlertsPageState> {
  return query$.pipe(
    switchMap((query) => {
      const snapshot$ = reload$.pipe(
        startWith(null),
        switchMap(() => snapshotActions(api, query)),
      );
      const live$ = liveActions(api, query, newAlert$, liveRefreshDebounceMs).pipe(share());
      const unmark$ = live$.pipe(
        map(freshIdsOf),
        filter((alertIds) => alertIds.length > 0),
        mergeMap((alertIds) =>
          timer(freshAlertMs).pipe(map((): AlertsPageAction => ({ type: 'fresh-mark-expired', alertIds }))),
        ),
      );
      const updates$ = updated$.pipe(map((alert): AlertsPageAction => ({ type: 'alert-updated', alert })));
      return merge(snapshot$, live$, unmark$, updates$);
    }),
    scan(reduceAlertsPage, INITIAL_ALERTS_PAGE),
  );
}

import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo, useRef } from 'react';
import { NEVER, Subject, auditTime, map } from 'rxjs';
import { pageCount } from '../../../lib/paging';
import { useServices } from '../../../lib/services-context';
import { useUrlReducer } from '../../../lib/use-url-state';
import { INITIAL_ALERTS_PAGE, type AlertsPageStatus } from '../streams/alerts-page-state';
import { createAlertsPage$ } from '../streams/alerts-page';
import { createAlertTypes$ } from '../streams/alert-types';
import { createAlertCharts$, INITIAL_ALERT_CHARTS, type AlertChartsState } from '../streams/alert-charts';
import { newAlertEvents$ } from '../streams/new-alert-events';
import type { Alert, AlertType } from '../../../lib/alerts/alert';
import {
  alertFiltersOf,
  alertsQueryOf,
  reduceReviewView,
  type ReviewAction,
  type ReviewView,
} from '../types/review-view';
import { withPageCursor, type LoadedAlertsPage } from '../types/alerts-query';
import { REVIEW_URL_CODEC } from '../types/review-url';

export interface AlertRowModel {
  alert: Alert;
  /** Null when the catalogue does not know the code (or has not loaded). */
  alertType: AlertType | null;
  fresh: boolean;
}

export interface AlertsReview {
  view: ReviewView;
  dispatch: (action: ReviewAction) => void;
  status: AlertsPageStatus;
  rows: AlertRowModel[];
  total: number;
  pageCount: number;
  hasNewAlerts: boolean;
  charts: AlertChartsState;
  /** The alert type catalogue by code (chip labels); empty until loaded. */
  alertTypes: ReadonlyMap<string, AlertType>;
  /** The banner's Reload now: back to the first page, freshly loaded. */
  reloadNow: () => void;
  /** Puts an alert changed here (resolved) in place in the table. */
  replaceAlert: (alert: Alert) => void;
}

/** Live alerts change the chart counts; they are read again at most this often. */
export const CHART_REFRESH_MS = 3_000;

const NO_TYPES: ReadonlyMap<string, AlertType> = new Map();

/** Wires the Alerts review streams to the page's UI state; the components only render what this returns. */
export function useAlertsReview(): AlertsReview {
  const { api, realtime } = useServices();
  // Filters, sort, page and range live in the URL: a reload or a shared link opens the same view.
  const [view, dispatch] = useUrlReducer(reduceReviewView, REVIEW_URL_CODEC);
  const updates = useRef(new Subject<Alert>()).current;

  // The page on hand, so that the next or previous page is read by cursor from it (see withPageCursor).
  const loaded = useRef<LoadedAlertsPage>(INITIAL_ALERTS_PAGE);
  const query = useMemo(() => withPageCursor(alertsQueryOf(view), loaded.current), [view]);
  const filters = useMemo(() => alertFiltersOf(view.filters), [view.filters]);

  const page$ = useObservable(
    (inputs$) =>
      createAlertsPage$({
        api,
        query$: inputs$.pipe(map(([current]) => current)),
        reload$: NEVER,
        newAlert$: newAlertEvents$(realtime),
        updated$: updates,
      }),
    [query],
  );
  const charts$ = useObservable(
    (inputs$) =>
      createAlertCharts$({
        api,
        filters$: inputs$.pipe(map(([current]) => current)),
        refresh$: newAlertEvents$(realtime).pipe(auditTime(CHART_REFRESH_MS)),
      }),
    // The generation makes Reload now read the counts again even when the filters did not change.
    [filters, view.generation],
  );
  const alertTypes$ = useObservable(() => createAlertTypes$(api));

  const state = useObservableState(page$, INITIAL_ALERTS_PAGE);
  loaded.current = state;
  const charts = useObservableState(charts$, INITIAL_ALERT_CHARTS);
  const alertTypes = useObservableState(alertTypes$, { status: 'loading' });
  const byCode = alertTypes.status === 'ready' ? alertTypes.byCode : NO_TYPES;

  const rows = useMemo(() => {
    const fresh = new Set(state.freshAlertIds);
    return state.alerts.map((alert) => ({
      alert,
      alertType: byCode.get(alert.type) ?? null,
      fresh: fresh.has(alert.id),
    }));
  }, [state.alerts, state.freshAlertIds, byCode]);

  // Until the stream has taken up a new query, the rows on hand belong to the previous one.
  const stale = state.query !== query;
  const status: AlertsPageStatus =
    state.status === 'error' || alertTypes.status === 'error'
      ? 'error'
      : stale || state.status === 'loading' || alertTypes.status === 'loading'
        ? 'loading'
        : 'ready';

  return {
    view,
    dispatch,
    status,
    rows,
    total: state.total,
    pageCount: pageCount(state.total, view.pageSize),
    hasNewAlerts: state.hasNewAlerts,
    charts,
    alertTypes: byCode,
    reloadNow: () => dispatch({ type: 'reload', now: new Date() }),
    replaceAlert: (alert) => updates.next(alert),
  };
}

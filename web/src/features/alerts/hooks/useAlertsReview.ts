import { useObservable, useObservableCallback, useObservableState } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { map } from 'rxjs';
import { useServices } from '../../../lib/services-context';
import { INITIAL_ALERTS_PAGE, type AlertsPageStatus } from '../streams/alerts-page-state';
import { createAlertsPage$ } from '../streams/alerts-page';
import { createAlertTypes$ } from '../streams/alert-types';
import { newAlertEvents$ } from '../streams/new-alert-events';
import type { Alert, AlertType } from '../../../lib/alerts/alert';
import { DEFAULT_ALERTS_ORDER, DEFAULT_PAGE_SIZE, type AlertsQuery } from '../types/alerts-query';

export interface AlertRowModel {
  alert: Alert;
  /** Null when the catalogue does not know the code (or has not loaded). */
  alertType: AlertType | null;
  fresh: boolean;
}

export interface AlertsReview {
  status: AlertsPageStatus;
  rows: AlertRowModel[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  hasNewAlerts: boolean;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  /** The banner's Reload now: back to the first page, freshly loaded. */
  reloadNow: () => void;
}

const NO_FILTERS = {};

/** Wires the Alerts review streams to the page's UI state; the components only render what this returns. */
export function useAlertsReview(): AlertsReview {
  const { api, realtime } = useServices();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSizeState] = useState(DEFAULT_PAGE_SIZE);
  const [reload, reload$] = useObservableCallback<void>();

  const query = useMemo<AlertsQuery>(
    () => ({ page, size: pageSize, orderBy: DEFAULT_ALERTS_ORDER, filters: NO_FILTERS }),
    [page, pageSize],
  );

  const page$ = useObservable(
    (inputs$) =>
      createAlertsPage$({
        api,
        query$: inputs$.pipe(map(([current]) => current)),
        reload$,
        newAlert$: newAlertEvents$(realtime),
      }),
    [query],
  );
  const alertTypes$ = useObservable(() => createAlertTypes$(api));

  const state = useObservableState(page$, INITIAL_ALERTS_PAGE);
  const alertTypes = useObservableState(alertTypes$, { status: 'loading' });

  const rows = useMemo(() => {
    const byCode = alertTypes.status === 'ready' ? alertTypes.byCode : null;
    const fresh = new Set(state.freshAlertIds);
    return state.alerts.map((alert) => ({
      alert,
      alertType: byCode?.get(alert.type) ?? null,
      fresh: fresh.has(alert.id),
    }));
  }, [state.alerts, state.freshAlertIds, alertTypes]);

  const status: AlertsPageStatus =
    state.status === 'error' || alertTypes.status === 'error'
      ? 'error'
      : state.status === 'loading' || alertTypes.status === 'loading'
        ? 'loading'
        : 'ready';

  return {
    status,
    rows,
    total: state.total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(state.total / pageSize)),
    hasNewAlerts: state.hasNewAlerts,
    setPage,
    setPageSize: (size) => {
      setPageSizeState(size);
      setPage(0);
    },
    reloadNow: () => {
      if (page === 0) reload();
      else setPage(0);
    },
  };
}

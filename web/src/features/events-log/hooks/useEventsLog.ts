import { useObservable, useObservableState } from 'observable-hooks';
import { useCallback, useMemo, useRef } from 'react';
import { auditTime, catchError, filter, map, of, startWith, withLatestFrom } from 'rxjs';
import type { Alert, AlertType } from '../../../lib/alerts/alert';
import { pageCount } from '../../../lib/paging';
import { useServices } from '../../../lib/services-context';
import { useUrlReducer } from '../../../lib/use-url-state';
import { alertTypesByCode, getAlertTypes } from '../../../lib/alerts/alert-types-api';
import { withEventsCursor, type EventsQuery } from '../api/events-api';
import { createEventsPage$, INITIAL_EVENTS_PAGE, type EventsPageState } from '../streams/events-page';
import { EVENTS_URL_CODEC, eventsFilterParams, reduceEventsView } from '../types/events-view';

export interface EventRowModel {
  alert: Alert;
  alertType: AlertType | null;
}

/** Live alerts re-read the first page at most this often. */
export const LIVE_REFRESH_MS = 1_000;

const NO_TYPES: ReadonlyMap<string, AlertType> = new Map();

export function useEventsLog() {
  const { api, realtime } = useServices();
  // Range, filters, page and size are kept in the URL: a reload or a shared link opens the same view.
  const [view, dispatch] = useUrlReducer(reduceEventsView, EVENTS_URL_CODEC);
  const { page, pageSize, filters } = view;
  const setPage = useCallback((next: number) => dispatch({ type: 'page', page: next }), [dispatch]);
  const setPageSize = useCallback((size: number) => dispatch({ type: 'page-size', size }), [dispatch]);
  const filterParams = useMemo(() => eventsFilterParams(filters), [filters]);
  // The page on hand, so that the next or previous page is read by cursor from it (see withEventsCursor).
  const loaded = useRef<EventsPageState>(INITIAL_EVENTS_PAGE);
  const query = useMemo<EventsQuery>(
    () => withEventsCursor({ page, size: pageSize, filters: filterParams }, loaded.current),
    [page, pageSize, filterParams],
  );

  const page$ = useObservable(
    (inputs$) => {
      const query$ = inputs$.pipe(map(([current]) => current));
      // New alerts land on the first page (newest first); other pages are left alone while being read.
      const refresh$ = realtime.on('new_alert').pipe(
        withLatestFrom(query$),
        filter(([, current]) => current.page === 0),
        auditTime(LIVE_REFRESH_MS),
      );
      return createEventsPage$({ api, query$, refresh$ });
    },
    [query],
  );
  const types$ = useObservable(() =>
    getAlertTypes(api).pipe(
      map(alertTypesByCode),
      catchError(() => of(NO_TYPES)),
      startWith(NO_TYPES),
    ),
  );
  const state = useObservableState(page$, INITIAL_EVENTS_PAGE);
  loaded.current = state;
  const types = useObservableState(types$, NO_TYPES);

  const rows = useMemo<EventRowModel[]>(
    () => state.alerts.map((alert) => ({ alert, alertType: types.get(alert.type) ?? null })),
    [state.alerts, types],
  );
  // Until the stream has taken up a new query, the rows on hand belong to the previous one.
  const status = state.query !== query && state.status !== 'error' ? 'loading' : state.status;

  return {
    status,
    rows,
    total: state.total,
    view,
    dispatch,
    /** The filters as the API takes them, for the export. */
    filterParams,
    alertTypes: types,
    page,
    pageSize,
    pageCount: pageCount(state.total, pageSize),
    setPage,
    setPageSize,
  };
}

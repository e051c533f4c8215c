import { useObservable, useObservableState } from 'observable-hooks';
import { useMemo, useRef } from 'react';
import { auditTime, catchError, filter, map, of, startWith, withLatestFrom } from 'rxjs';
import type { Alert, AlertType } from '../../../lib/alerts/alert';
import { DEFAULT_PAGE_SIZE, pageCount } from '../../../lib/paging';
import { useServices } from '../../../lib/services-context';
import { listViewCodec, useUrlListState } from '../../../lib/use-url-state';
import { alertTypesByCode, getAlertTypes } from '../../../lib/alerts/alert-types-api';
import { withEventsCursor, type EventsQuery } from '../api/events-api';
import { createEventsPage$, INITIAL_EVENTS_PAGE, type EventsPageState } from '../streams/events-page';

export interface EventRowModel {
  alert: Alert;
  alertType: AlertType | null;
}

/** Live alerts re-read the first page at most this often. */
export const LIVE_REFRESH_MS = 1_000;

const NO_TYPES: ReadonlyMap<string, AlertType> = new Map();

/** Page and size of the events log in the address bar (it has no filters yet). */
const EVENTS_URL_CODEC = listViewCodec<Record<string, never>>({
  filters: {},
  sort: null,
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
});

export function useEventsLog() {
  const { api, realtime } = useServices();
  // Kept in the URL: a reload or a shared link opens the same page.
  const { page, pageSize, setPage, setPageSize } = useUrlListState(EVENTS_URL_CODEC);
  // The page on hand, so that the next or previous page is read by cursor from it (see withEventsCursor).
  const loaded = useRef<EventsPageState>(INITIAL_EVENTS_PAGE);
  const query = useMemo<EventsQuery>(
    () => withEventsCursor({ page, size: pageSize }, loaded.current),
    [page, pageSize],
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
    page,
    pageSize,
    pageCount: pageCount(state.total, pageSize),
    setPage,
    setPageSize,
  };
}

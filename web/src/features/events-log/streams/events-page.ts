import { catchError, map, of, scan, startWith, switchMap, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import type { Alert } from '../../../lib/alerts/alert';
import { getEventsPage, type EventsQuery } from '../api/events-api';

export interface EventsPageState {
  query: EventsQuery | null;
  status: 'loading' | 'ready' | 'error';
  alerts: readonly Alert[];
  total: number;
}

export const INITIAL_EVENTS_PAGE: EventsPageState = { query: null, status: 'loading', alerts: [], total: 0 };

type EventsAction =
  | { type: 'load-started'; query: EventsQuery }
  | { type: 'loaded'; alerts: Alert[]; total: number }
  | { type: 'failed' };

function reduce(state: EventsPageState, action: EventsAction): EventsPageState {
  switch (action.type) {
    case 'load-started':
      return { ...state, query: action.query, status: 'loading' };
    case 'loaded':
      return { ...state, status: 'ready', alerts: action.alerts, total: action.total };
    case 'failed':
      return { ...state, status: 'error', alerts: [], total: 0 };
  }
}

export interface EventsPageSources {
  api: ApiClient;
  query$: Observable<EventsQuery>;
  /** Live alerts: the page is read again in the background (the rows stay until the new ones land). */
  refresh$: Observable<unknown>;
}

/** One page of the events log per query; a new query cancels the previous load (switchMap). */
export function createEventsPage$({ api, query$, refresh$ }: EventsPageSources): Observable<EventsPageState> {
  return query$.pipe(
    switchMap((query) =>
      refresh$.pipe(
        map(() => false),
        startWith(true),
        switchMap((first) => {
          const load$ = getEventsPage(api, query).pipe(
            map(({ alerts, total }): EventsAction => ({ type: 'loaded', alerts, total })),
            catchError(() => of<EventsAction>({ type: 'failed' })),
          );
          return first ? load$.pipe(startWith<EventsAction>({ type: 'load-started', query })) : load$;
        }),
      ),
    ),
    scan(reduce, INITIAL_EVENTS_PAGE),
  );
}

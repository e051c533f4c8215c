import { catchError, concat, forkJoin, map, merge, of, scan, switchMap, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import { getIssues, getIssuesTotal } from '../api/issues-api';
import type { Issue, IssuesQuery } from '../types/issues';

export type IssuesPageStatus = 'loading' | 'ready' | 'error';

/** One page of current issues and the total of the filtered list. */
export interface IssuesPageState {
  /** The query the rows belong to (null before the first load). */
  query: IssuesQuery | null;
  status: IssuesPageStatus;
  issues: readonly Issue[];
  total: number;
}

export const INITIAL_ISSUES_PAGE: IssuesPageState = { query: null, status: 'loading', issues: [], total: 0 };

type IssuesPageAction =
  | { type: 'load-started'; query: IssuesQuery }
  | { type: 'loaded'; query: IssuesQuery; issues: Issue[]; total: number }
  | { type: 'failed'; query: IssuesQuery }
  /** A background refresh failed: the rows shown stay (the next refresh may succeed). */
  | { type: 'refresh-failed' };

function reduce(state: IssuesPageState, action: IssuesPageAction): IssuesPageState {
  switch (action.type) {
    case 'load-started':
      return { query: action.query, status: 'loading', issues: [], total: 0 };
    case 'loaded':
      return { query: action.query, status: 'ready', issues: action.issues, total: action.total };
    case 'failed':
      return { query: action.query, status: 'error', issues: [], total: 0 };
    case 'refresh-failed':
      return state;
  }
}

function load(api: ApiClient, query: IssuesQuery): Observable<IssuesPageAction> {
  return forkJoin({ issues: getIssues(api, query), total: getIssuesTotal(api, query.filters) }).pipe(
    map(({ issues, total }): IssuesPageAction => ({ type: 'loaded', query, issues, total })),
  );
}

export interface IssuesPageSources {
  api: ApiClient;
  query$: Observable<IssuesQuery>;
  /** Each emission re-reads the current page without blanking it (live updates, the 60 s floor, a removal). */
  refresh$: Observable<unknown>;
}

/**
 * The Current Issues table as states: each query loads its page and total (a new query cancels the previous
 * one's requests); refreshes re-read the same query in place.
 */
export function createIssuesPage$({ api, query$, refresh$ }: IssuesPageSources): Observable<IssuesPageState> {
  return query$.pipe(
    switchMap((query) => {
      const first$ = concat(
        of<IssuesPageAction>({ type: 'load-started', query }),
        load(api, query).pipe(catchError(() => of<IssuesPageAction>({ type: 'failed', query }))),
      );
      const refreshed$ = refresh$.pipe(
        switchMap(() =>
          load(api, query).pipe(catchError(() => of<IssuesPageAction>({ type: 'refresh-failed' }))),
        ),
      );
      return merge(first$, refreshed$);
    }),
    scan(reduce, INITIAL_ISSUES_PAGE),
  );
}

import { catchError, concat, map, of, scan, startWith, switchMap, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import { getPolicies } from '../api/policies-api';
import type { Policy } from '../types/policy';

export interface PoliciesListState {
  status: 'loading' | 'ready' | 'error';
  items: Policy[];
  total: number;
}

export const INITIAL_POLICIES: PoliciesListState = { status: 'loading', items: [], total: 0 };

/** The policies page per query (0-based page, size), reloaded on demand (after a delete or clone). */
export function createPoliciesList$(
  api: ApiClient,
  query$: Observable<{ page: number; size: number }>,
  reload$: Observable<unknown>,
): Observable<PoliciesListState> {
  return query$.pipe(
    switchMap((query) =>
      reload$.pipe(
        startWith(null),
        switchMap(() =>
          concat(
            // A reload keeps the rows on screen; only the first load shows as loading.
            of((state: PoliciesListState): PoliciesListState => ({
              ...state,
              status: state.status === 'ready' ? 'ready' : 'loading',
            })),
            getPolicies(api, query.page, query.size).pipe(
              map((page) => (): PoliciesListState => ({
                status: 'ready',
                items: page.items,
                total: page.totalItems,
              })),
              catchError(() =>
                of((state: PoliciesListState): PoliciesListState => ({ ...state, status: 'error' })),
              ),
            ),
          ),
        ),
      ),
    ),
    scan(
      (state: PoliciesListState, apply: (state: PoliciesListState) => PoliciesListState) => apply(state),
      INITIAL_POLICIES,
    ),
  );
}

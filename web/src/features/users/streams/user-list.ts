import { catchError, concat, filter, map, merge, of, switchMap, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import type { RealtimeEvents } from '../../../lib/realtime';
import type { Page } from '../../../lib/paging';
import { getUsers } from '../api/users-api';
import type { User } from '../types/user';

export interface UserListQuery {
  /** 0-based. */
  page: number;
  size: number;
}

export interface UserListState {
  status: 'loading' | 'ready' | 'error';
  users: User[];
  totalItems: number;
  totalPages: number;
}

export const INITIAL_USER_LIST: UserListState = {
  status: 'loading',
  users: [],
  totalItems: 0,
  totalPages: 0,
};

/** `projection_updated` for the users read model: a user was created, changed or removed somewhere. */
export function usersChanged$(realtime: RealtimeEvents): Observable<void> {
  return realtime.on('projection_updated').pipe(
    filter((payload) => {
      const collections = (payload as { collections?: unknown } | null)?.collections;
      return Array.isArray(collections) && collections.includes('users');
    }),
    map(() => undefined),
  );
}

const readyState = (page: Page<User>): UserListState => ({
  status: 'ready',
  users: page.items,
  totalItems: page.totalItems,
  totalPages: page.totalPages,
});

/**
 * The USER LIST page: loaded for each query, and read again after this screen changed a user (`reload$`) or
 * the users read model changed (`changed$`). Re-reads keep the rows on screen until the new ones arrive.
 */
export function createUserList$({
  api,
  query$,
  reload$,
  changed$,
}: {
  api: ApiClient;
  query$: Observable<UserListQuery>;
  reload$: Observable<unknown>;
  changed$: Observable<unknown>;
}): Observable<UserListState> {
  return query$.pipe(
    switchMap((query) => {
      const load$ = getUsers(api, query.page, query.size).pipe(
        map(readyState),
        catchError(() => of<UserListState>({ status: 'error', users: [], totalItems: 0, totalPages: 0 })),
      );
      return concat(
        of<UserListState>(INITIAL_USER_LIST),
        merge(of(null), reload$, changed$).pipe(switchMap(() => load$)),
      );
    }),
  );
}

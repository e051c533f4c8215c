import { useObservable, useObservableCallback, useObservableState } from 'observable-hooks';
import { useMemo } from 'react';
import { map, switchMap } from 'rxjs';
import { useServices, useSession } from '../../../lib/services-context';
import { usePageState } from '../../../lib/use-page-state';
import { isAdmin } from '../../../lib/session';
import { createRoles$ } from '../streams/roles';
import { createUser$, type UserState } from '../streams/user';
import { INITIAL_USER_LIST, createUserList$, usersChanged$, type UserListState } from '../streams/user-list';
import type { Role } from '../types/user';

export interface UserList extends UserListState {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  /** Reads the page again, e.g. after a removal. */
  reload: () => void;
}

export function useUserList(): UserList {
  const { api, realtime } = useServices();
  const { page, pageSize, setPage, setPageSize } = usePageState();
  const [reload, reload$] = useObservableCallback<void>();
  const query = useMemo(() => ({ page, size: pageSize }), [page, pageSize]);
  const state$ = useObservable(
    (inputs$) =>
      createUserList$({
        api,
        query$: inputs$.pipe(map(([current]) => current)),
        reload$,
        changed$: usersChanged$(realtime),
      }),
    [query],
  );
  const state = useObservableState(state$, INITIAL_USER_LIST);
  return {
    ...state,
    page,
    pageSize,
    setPage,
    setPageSize,
    reload,
  };
}

/** Role names by id, for the ROLES column and the role dropdowns. */
export function useRoles(): Role[] {
  const { api } = useServices();
  const roles$ = useObservable(() => createRoles$(api));
  return useObservableState(roles$, []);
}

export function useUser(username: string): UserState {
  const { api } = useServices();
  const user$ = useObservable(
    (inputs$) => inputs$.pipe(switchMap(([name]) => createUser$(api, name))),
    [username],
  );
  return useObservableState(user$, { status: 'loading' });
}

/** Who is looking: their username and whether they are an administrator (role 2 in the token). */
export function useViewer(): { username: string | null; admin: boolean } {
  const session = useSession();
  return { username: session?.username ?? null, admin: isAdmin(session) };
}

import { catchError, distinctUntilChanged, map, of, shareReplay, switchMap, type Observable } from 'rxjs';
import type { ApiClient } from './api';
import type { Session } from './session';

/** `GET user_token`: the signed-in user's own record (docs/api.md §3). */
export interface CurrentUser {
  id: number;
  username: string;
  full_name: string;
  email: string;
  phone?: string | null;
  user_roles: number[];
  organization_id: number;
  organization_name: string;
  active?: boolean;
  first_login?: boolean;
}

/** The signed-in user's record, fetched once per session; null while signed out or when it cannot be read. */
export function createCurrentUser$(
  session$: Observable<Session | null>,
  api: ApiClient,
): Observable<CurrentUser | null> {
  return session$.pipe(
    map((session) => (session ? `${session.organizationId}:${session.username}` : null)),
    distinctUntilChanged(),
    switchMap((sessionKey) =>
      sessionKey ? api.get<CurrentUser>('user_token').pipe(catchError(() => of(null))) : of(null),
    ),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
}

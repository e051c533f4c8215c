import { catchError, concat, map, of, type Observable } from 'rxjs';
import { isApiError, type ApiClient } from '../../../lib/api';
import { getUser } from '../api/users-api';
import type { User } from '../types/user';

export type UserState =
  | { status: 'loading' }
  | { status: 'ready'; user: User }
  | { status: 'forbidden' }
  | { status: 'not-found' }
  | { status: 'error' };

/** One user by username, with the refusals the screens tell apart (403 page, 404 page, failure box). */
export function createUser$(api: ApiClient, username: string): Observable<UserState> {
  return concat(
    of<UserState>({ status: 'loading' }),
    getUser(api, username).pipe(
      map((user): UserState => ({ status: 'ready', user })),
      catchError((error: unknown) =>
        of<UserState>(
          isApiError(error, 403)
            ? { status: 'forbidden' }
            : isApiError(error, 404)
              ? { status: 'not-found' }
              : { status: 'error' },
        ),
      ),
    ),
  );
}

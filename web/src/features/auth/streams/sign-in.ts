import { catchError, concat, map, of, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import type { SessionStore } from '../../../lib/session';
import { postLogin, type Credentials } from '../api/login';

export type SignInState =
  { status: 'idle' } | { status: 'loading' } | { status: 'signed-in' } | { status: 'failed' };

export const SIGN_IN_IDLE: SignInState = { status: 'idle' };

/** Logs in, stores the session (which opens the socket and schedules the refresh) and reports progress. */
export function signIn$(
  api: ApiClient,
  session: SessionStore,
  credentials: Credentials,
): Observable<SignInState> {
  const request = { username: credentials.username.trim(), password: credentials.password };
  return concat(
    of<SignInState>({ status: 'loading' }),
    postLogin(api, request).pipe(
      map((answer): SignInState => {
        session.start({ accessToken: answer.access_token, refreshToken: answer.refresh_token });
        return { status: 'signed-in' };
      }),
      // Spec §8: any non-200 answer (and an unreadable token) is the same "Login Error" for the user.
      catchError(() => of<SignInState>({ status: 'failed' })),
    ),
  );
}

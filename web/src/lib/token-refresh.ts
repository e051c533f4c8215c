import {
  EMPTY,
  catchError,
  distinctUntilChanged,
  retry,
  switchMap,
  tap,
  throwError,
  timer,
  type Observable,
} from 'rxjs';
import { isApiError, type ApiClient } from './api';
import type { Session, SessionStore } from './session';

/** The access token is refreshed about 10 minutes after issue (docs/console.md §4). */
export const REFRESH_AFTER_ISSUE_S = 600;
/** A token with 800..3600 s left is in the refresh window (docs/console.md §4); refresh no later than at 800 s left. */
export const REFRESH_WINDOW_MIN_LEFT_S = 800;
/** Never refresh a token younger than this, so a short-lived token cannot cause a refresh loop. */
export const MIN_TOKEN_AGE_S = 30;
export const REFRESH_RETRY_DELAY_MS = 30_000;

export interface TokenLifetime {
  /** Seconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
}

/**
 * How long to wait before refreshing: until 10 minutes after issue, or until only 800 s are left if that
 * comes first (a 15-minute token is refreshed at 800 s left, a 1-hour token at 3000 s left, both inside the
 * spec's 800..3600 s window). A token already past that point, or expired, is refreshed at once.
 */
export function refreshDelayMs(token: TokenLifetime, nowMs: number): number {
  const dueAt = Math.max(
    token.issuedAt + MIN_TOKEN_AGE_S,
    Math.min(token.issuedAt + REFRESH_AFTER_ISSUE_S, token.expiresAt - REFRESH_WINDOW_MIN_LEFT_S),
  );
  return Math.max(0, Math.round(dueAt * 1000 - nowMs));
}

/** `POST token_refresh` answer; the refresh token is present only when the server rotates it. */
export interface TokenRefreshAnswer {
  access_token: string;
  refresh_token?: string;
}

export interface TokenRefreshOptions {
  now?: () => number;
  retryDelayMs?: number;
}

/**
 * Keeps the session's access token fresh while signed in. Each new token reschedules the timer; signing out
 * cancels it (switchMap to EMPTY). A 401 on refresh clears the session through the API client; other
 * failures are retried a few times, after which the next 401 of any call ends the session.
 */
export function keepSessionFresh(
  store: SessionStore,
  api: ApiClient,
  { now = Date.now, retryDelayMs = REFRESH_RETRY_DELAY_MS }: TokenRefreshOptions = {},
): Observable<never> {
  return store.session$.pipe(
    distinctUntilChanged((previous, next) => previous?.accessToken === next?.accessToken),
    switchMap((session: Session | null) => {
      if (!session) return EMPTY;
      return timer(refreshDelayMs(session, now())).pipe(
        switchMap(() => api.post<TokenRefreshAnswer>('token_refresh', {}, { bearer: session.refreshToken })),
        retry({
          count: 3,
          delay: (error: unknown) => (isApiError(error, 401) ? throwError(() => error) : timer(retryDelayMs)),
        }),
        tap((answer) => store.rotate(answer.access_token, answer.refresh_token)),
        switchMap(() => EMPTY),
        catchError(() => EMPTY),
      );
    }),
  );
}

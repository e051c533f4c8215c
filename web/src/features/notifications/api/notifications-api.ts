import { catchError, map, of, type Observable } from 'rxjs';
import { ApiError, type ApiClient } from '../../../lib/api';
import { pageFromHeaders, type Page } from '../../../lib/paging';
import type {
  ActivationKind,
  ActivationOutcome,
  NotificationItem,
  NotificationPreferences,
  Tag,
} from '../types/notifications';

export const getPreferences = (api: ApiClient): Observable<NotificationPreferences> =>
  api.get<NotificationPreferences>('notifications/preferences');

export const savePreferences = (api: ApiClient, preferences: NotificationPreferences): Observable<unknown> =>
  api.put('notifications/preferences', preferences);

export const getTags = (api: ApiClient): Observable<Tag[]> => api.get<Tag[]>('tags');

/** The API pages notifications from 1. */
export const listNotifications = (
  api: ApiClient,
  page: number,
  size: number,
): Observable<Page<NotificationItem>> =>
  api
    .request<NotificationItem[]>('GET', 'notifications', { query: { page: page + 1, size } })
    .pipe(map(pageFromHeaders));

export const countUnread = (api: ApiClient): Observable<number> =>
  api.get<{ count: number }>('notifications/count').pipe(map((answer) => answer.count));

export const setReadAt = (api: ApiClient, id: number, readAt: string | null): Observable<unknown> =>
  api.patch(`notifications/${id}`, { readAt });

export const deleteNotification = (api: ApiClient, id: number): Observable<unknown> =>
  api.delete(`notifications/${id}`);

/** Marks every unread notification of the user read; answers how many. */
export const markAllRead = (api: ApiClient): Observable<number> =>
  api.post<{ count: number }>('notifications/read_all').pipe(map((answer) => answer.count));

/** What a mute silences: an alert type (its code) or a device or gateway (its id). */
export type MuteKind = 'type' | 'device' | 'gateway';

export interface NotificationMute {
  kind: MuteKind;
  key: string;
  until: string;
  /** The type's, device's or gateway's name when it was muted. */
  label?: string;
}

/**
 * Silences an alert type or an asset for `minutes`: its alerts notify the user nowhere meanwhile. `label` names
 * the type, device or gateway in the list of mutes.
 */
export const muteNotifications = (
  api: ApiClient,
  kind: MuteKind,
  key: string,
  minutes: number,
  label?: string,
): Observable<NotificationMute[]> =>
  api.put<NotificationMute[]>('notifications/mutes', { kind, key, minutes, label });

/** The user's running mutes. */
export const listMutes = (api: ApiClient): Observable<NotificationMute[]> =>
  api.get<NotificationMute[]>('notifications/mutes');

/** Ends a mute at once; answers the mutes still running. */
export const unmuteNotifications = (
  api: ApiClient,
  kind: MuteKind,
  key: string,
): Observable<NotificationMute[]> =>
  api.delete<NotificationMute[]>(`notifications/mutes/${kind}/${encodeURIComponent(key)}`);

const KNOWN_CODES = new Set(['DISABLED_TOKEN', 'EMAIL_ALREADY_ACTIVE', 'PHONE_ALREADY_ACTIVE']);

function codeOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const code = (body as { code?: unknown }).code;
  return typeof code === 'string' ? code : null;
}

/**
 * Follows an activation link. The server answers the email/phone on success, `{code}` for a spent token or an
 * already active destination, and 404 for a token it never issued.
 */
export function activateDestination(
  api: ApiClient,
  kind: ActivationKind,
  token: string,
): Observable<ActivationOutcome> {
  return api
    .put<Record<string, unknown>>(
      `notifications/${kind}_activation/${encodeURIComponent(token)}`,
      {},
      { bearer: null },
    )
    .pipe(
      map((answer): ActivationOutcome => {
        const value = answer?.[kind];
        if (typeof value === 'string') return { result: 'SUCCESS', value };
        const code = codeOf(answer);
        return code && KNOWN_CODES.has(code)
          ? { result: code as 'DISABLED_TOKEN' | 'EMAIL_ALREADY_ACTIVE' | 'PHONE_ALREADY_ACTIVE' }
          : { result: 'ERROR' };
      }),
      catchError((error: unknown) => {
        if (error instanceof ApiError) {
          if (error.status === 404) return of<ActivationOutcome>({ result: 'NOT_FOUND' });
          const code = codeOf(error.body);
          if (code && KNOWN_CODES.has(code)) {
            return of<ActivationOutcome>({ result: code as 'EMAIL_ALREADY_ACTIVE' | 'PHONE_ALREADY_ACTIVE' });
          }
        }
        return of<ActivationOutcome>({ result: 'ERROR' });
      }),
    );
}

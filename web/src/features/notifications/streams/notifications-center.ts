import {
  EMPTY,
  catchError,
  combineLatest,
  map,
  merge,
  of,
  startWith,
  switchMap,
  timer,
  type Observable,
} from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import type { Page } from '../../../lib/paging';
import { countUnread, listNotifications } from '../api/notifications-api';
import type { NotificationItem } from '../types/notifications';

/** The spec's floor for anything live: refreshed at least every minute even if a socket message was missed. */
export const REFRESH_FLOOR_MS = 60_000;

/**
 * The unread count: loaded at once, again after each new notification, each change made here (read, unread,
 * delete) and at least every minute. A failed load keeps the last count.
 */
export function unreadCount$(
  api: ApiClient,
  newNotification$: Observable<unknown>,
  changed$: Observable<unknown>,
): Observable<number> {
  return merge(timer(0, REFRESH_FLOOR_MS), newNotification$, changed$).pipe(
    switchMap(() => countUnread(api).pipe(catchError(() => EMPTY))),
  );
}

export type NotificationsPageState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; page: Page<NotificationItem> };

/** One page of the caller's notifications, reloaded on new notifications and after each change. */
export function notificationsPage$(
  api: ApiClient,
  query$: Observable<{ page: number; size: number }>,
  newNotification$: Observable<unknown>,
  changed$: Observable<unknown>,
): Observable<NotificationsPageState> {
  const reload$ = merge(newNotification$, changed$).pipe(startWith(undefined));
  return combineLatest([query$, reload$]).pipe(
    map(([query]) => query),
    switchMap(({ page, size }) =>
      listNotifications(api, page, size).pipe(
        map((loaded): NotificationsPageState => ({ status: 'ready', page: loaded })),
        catchError(() => of<NotificationsPageState>({ status: 'error' })),
      ),
    ),
  );
}

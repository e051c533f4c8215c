import { notifications as toasts } from '@mantine/notifications';
import { useObservable, useObservableState, useSubscription } from 'observable-hooks';
import { useMemo, useState } from 'react';
import { Subject, catchError, map, of, share, startWith, switchMap, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import { useServices } from '../../../lib/services-context';
import { ArrivalGroup } from '../../../lib/toast-groups';
import {
  deleteNotification,
  listMutes,
  markAllRead,
  muteNotifications,
  setReadAt,
  unmuteNotifications,
  type MuteKind,
  type NotificationMute,
} from '../api/notifications-api';
import { newNotifications$ } from '../streams/notification-events';
import {
  notificationsPage$,
  unreadCount$,
  type NotificationsPageState,
} from '../streams/notifications-center';
import type { NotificationItem } from '../types/notifications';

export const NOTIFICATIONS_PAGE_SIZE = 10;
/** Toasts for new notifications last 3000 ms (docs/console.md §9). */
export const TOAST_MS = 3000;
/** The one toast a burst of arrivals shares. */
export const ARRIVALS_TOAST_ID = 'new-notifications';

/** The running mutes, read while the list is open. */
export type MutesState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; mutes: readonly NotificationMute[] };

export interface NotificationsCenter {
  unread: number;
  state: NotificationsPageState;
  page: number;
  pageSize: number;
  setPage(page: number): void;
  setPageSize(size: number): void;
  /** Read ↔ unread. */
  toggleRead(item: NotificationItem): void;
  markRead(item: NotificationItem): void;
  remove(item: NotificationItem): void;
  markAllRead(): void;
  /** Silences an alert type or an asset for a while; `done` runs once the server has it. */
  mute(kind: MuteKind, key: string, minutes: number, label: string, done: () => void): void;
  mutes: MutesState;
  /** Ends a mute at once; `done` runs once the server has it. */
  unmute(mute: NotificationMute, done: () => void): void;
  /** Set when a change failed; cleared by the next success. */
  failed: boolean;
}

/**
 * The header's notifications: unread count, a page of the list, read/unread/delete, and a toast for arrivals: one
 * toast per burst, counting further arrivals ('12 new alerts') instead of stacking a toast for each.
 */
export function useNotificationsCenter(listOpen: boolean): NotificationsCenter {
  const { api, realtime } = useServices();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(NOTIFICATIONS_PAGE_SIZE);
  const [failed, setFailed] = useState(false);
  const changed$ = useMemo(() => new Subject<void>(), []);
  const arrivals$ = useMemo(() => newNotifications$(realtime).pipe(share()), [realtime]);
  const arrivalGroup = useMemo(() => new ArrivalGroup(), []);

  const unread = useObservableState(
    useObservable(() => unreadCount$(api, arrivals$, changed$)),
    0,
  );

  const pageState$ = useObservable(
    (inputs$) =>
      notificationsPage$(
        api,
        inputs$.pipe(map(([currentPage, size]) => ({ page: currentPage, size }))),
        arrivals$,
        changed$,
      ),
    [page, pageSize],
  );
  // The list is only fetched while it is open.
  const state = useObservableState(listOpen ? pageState$ : EMPTY_STATE$, { status: 'loading' });
  const mutes$ = useObservable(
    (inputs$) => inputs$.pipe(switchMap(([open]) => (open ? runningMutes$(api, changed$) : of(LOADING)))),
    [listOpen],
  );
  const mutes = useObservableState(mutes$, LOADING);

  useSubscription(arrivals$, (item) => {
    const step = arrivalGroup.add(
      item.alertType ? { name: item.alertType.name, risk: item.alertType.risk } : null,
    );
    const toast = {
      id: ARRIVALS_TOAST_ID,
      title: step.title,
      message: step.message,
      autoClose: TOAST_MS,
      onClose: () => arrivalGroup.closed(),
    };
    if (step.opens) toasts.show(toast);
    else toasts.update(toast);
  });

  const run = (change: ReturnType<typeof setReadAt>, done?: () => void) =>
    change.subscribe({
      next: () => {
        setFailed(false);
        changed$.next();
        done?.();
      },
      error: () => setFailed(true),
    });

  return {
    unread,
    state,
    page,
    pageSize,
    setPage,
    setPageSize: (size) => {
      setPageSize(size);
      setPage(0);
    },
    toggleRead: (item) => run(setReadAt(api, item.id, item.readAt ? null : new Date().toISOString())),
    markRead: (item) => {
      if (!item.readAt) run(setReadAt(api, item.id, new Date().toISOString()));
    },
    remove: (item) => run(deleteNotification(api, item.id)),
    markAllRead: () => run(markAllRead(api)),
    mute: (kind, key, minutes, label, done) => run(muteNotifications(api, kind, key, minutes, label), done),
    mutes,
    unmute: (mute, done) => run(unmuteNotifications(api, mute.kind, mute.key), done),
    failed,
  };
}

const EMPTY_STATE$ = new Subject<NotificationsPageState>();
const LOADING: MutesState = { status: 'loading' };

/** The running mutes, read again after every change the user makes. */
function runningMutes$(api: ApiClient, changed$: Observable<void>): Observable<MutesState> {
  return changed$.pipe(
    startWith(undefined),
    switchMap(() =>
      listMutes(api).pipe(
        map((list): MutesState => ({ status: 'ready', mutes: list })),
        catchError(() => of<MutesState>({ status: 'error' })),
      ),
    ),
  );
}

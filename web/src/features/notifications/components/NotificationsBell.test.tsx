import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ALERT_TYPES, makeAlert } from '../../../lib/alerts/alert-fixtures';
import { jsonResponse } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { NotificationItem } from '../types/notifications';

const notification = (id: number, readAt: string | null): NotificationItem => ({
  id,
  type: 'NEW_ALERT',
  createdAt: '2024-03-05T14:07:09Z',
  readAt,
  alertId: 100 + id,
  alert: makeAlert({ id: 100 + id }),
  alertType: ALERT_TYPES[0],
  notificationSource: 'push',
  notificationState: null,
});

function open() {
  storeSession({ username: 'alice' });
  let unread = 2;
  let items = [notification(2, null), notification(1, '2024-03-05T15:00:00Z')];
  const app = renderApp('/dashboard/events_manager', {
    'GET notifications/preferences': () => jsonResponse({ message: 'not part of this test' }, 500),
    'GET notifications/count': () => jsonResponse({ count: unread }),
    'GET notifications': () =>
      new Response(JSON.stringify(items), {
        headers: { 'total-items': String(items.length), 'total-pages': '1' },
      }),
    'PATCH notifications/2': (request) => {
      unread = (request.body as { readAt: string | null }).readAt ? 1 : 2;
      return jsonResponse({});
    },
    'DELETE notifications/1': () => {
      items = items.filter((item) => item.id !== 1);
      return jsonResponse({});
    },
  });
  return {
    ...app,
    arrive(item: NotificationItem) {
      unread += 1;
      items = [item, ...items];
      act(() => app.sockets[0].serverEmit('new_notification', item));
    },
  };
}

describe('notifications bell', () => {
  it('shows the unread count and raises it when a notification arrives', async () => {
    const app = open();
    act(() => app.sockets[0].connect());
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    app.arrive(notification(3, null));
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    expect(await screen.findByText(ALERT_TYPES[0].name)).toBeInTheDocument();
  });

  it('lists notifications, marks one read by its description and deletes another', async () => {
    const user = userEvent.setup();
    const app = open();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const list = await screen.findByTestId('notifications-list');
    await waitFor(() => expect(within(list).getAllByTestId('notification-item')).toHaveLength(2));
    const [unreadItem] = within(list).getAllByTestId('notification-item');
    expect(unreadItem).toHaveAttribute('data-read', 'false');

    await user.click(within(unreadItem).getByRole('button', { name: ALERT_TYPES[0].name }));
    const patch = app.requests.find((request) => request.method === 'PATCH');
    expect(typeof (patch?.body as { readAt: unknown }).readAt).toBe('string');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    const readItem = within(list).getAllByTestId('notification-item')[1];
    await user.click(within(readItem).getByRole('button', { name: `Delete ${ALERT_TYPES[0].name}` }));
    await waitFor(() => expect(within(list).getAllByTestId('notification-item')).toHaveLength(1));
  });
});

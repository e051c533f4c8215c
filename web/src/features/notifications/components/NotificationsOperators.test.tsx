import { screen, waitFor, within } from '@testing-library/react';
import { notifications as toasts } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ALERT_TYPES, makeAlert } from '../../../lib/alerts/alert-fixtures';
import { jsonResponse, type RecordedRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { NotificationItem } from '../types/notifications';

const notification = (id: number, readAt: string | null): NotificationItem => ({
  id,
  type: 'NEW_ALERT',
  createdAt: '2024-03-05T14:07:09Z',
  readAt,
  alertId: 100 + id,
  alert: makeAlert({ id: 100 + id, device_id: 500 + id }),
  alertType: ALERT_TYPES[0],
  notificationSource: 'push',
  notificationState: null,
});

interface Mute {
  kind: string;
  key: string;
  until: string;
  label?: string;
}

function open(running: Mute[] = []) {
  storeSession({ username: 'alice' });
  let mutes = [...running];
  let items = [notification(2, null), notification(1, null)];
  const unread = () => items.filter((item) => item.readAt === null).length;
  const app = renderApp('/dashboard/events_manager', {
    'GET notifications/preferences': () => jsonResponse({ message: 'not part of this test' }, 500),
    'GET notifications/count': () => jsonResponse({ count: unread() }),
    'GET notifications': () =>
      new Response(JSON.stringify(items), {
        headers: { 'total-items': String(items.length), 'total-pages': '1' },
      }),
    'PATCH notifications/2': (request: RecordedRequest) => {
      const { readAt } = request.body as { readAt: string | null };
      items = items.map((item) => (item.id === 2 ? { ...item, readAt } : item));
      return jsonResponse({});
    },
    'POST notifications/read_all': () => {
      const count = unread();
      items = items.map((item) => ({ ...item, readAt: '2024-03-05T15:00:00Z' }));
      return jsonResponse({ count });
    },
    'GET notifications/mutes': () => jsonResponse(mutes),
    'PUT notifications/mutes': (request: RecordedRequest) => {
      const { kind, key, label } = request.body as Mute;
      mutes = [
        ...mutes.filter((mute) => mute.kind !== kind || mute.key !== key),
        { kind, key, label, until: '2024-03-05T16:00:00Z' },
      ];
      return jsonResponse(mutes);
    },
    'DELETE notifications/mutes/device/502': () => {
      mutes = mutes.filter((mute) => mute.kind !== 'device' || mute.key !== '502');
      return jsonResponse(mutes);
    },
    'DELETE notifications/mutes/type/LAF-001': () => jsonResponse({ error: 'not today' }, 500),
  });
  return app;
}

async function openList(running: Mute[] = []) {
  const user = userEvent.setup();
  const app = open(running);
  await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
  const list = await screen.findByTestId('notifications-list');
  await waitFor(() => expect(within(list).getAllByTestId('notification-item')).toHaveLength(2));
  return { ...app, user, list };
}

describe('notifications: what operators expect', () => {
  // Toasts live in one store for the whole file (three at a time): each case starts without the earlier ones'.
  beforeEach(() => {
    toasts.clean();
    toasts.cleanQueue();
  });

  it('marks every notification read at once', async () => {
    const { user, list, requests } = await openList();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(requests.some((request) => request.path === 'notifications/read_all')).toBe(true),
    );
    await waitFor(() =>
      within(list)
        .getAllByTestId('notification-item')
        .forEach((item) => expect(item).toHaveAttribute('data-read', 'true')),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('opens the alert of a notification it is clicked on, and marks it read', async () => {
    const { user, list, requests } = await openList();
    const [first] = within(list).getAllByTestId('notification-item');
    await user.click(within(first).getByRole('button', { name: ALERT_TYPES[0].name }));
    const dialog = await screen.findByTestId('alert-dialog');
    expect(within(dialog).getByTestId('alert-dialog-title')).toHaveTextContent(ALERT_TYPES[0].name);
    expect(requests.some((request) => request.method === 'PATCH' && request.path === 'notifications/2')).toBe(
      true,
    );
  });

  it('mutes the alert type or the device of a notification for a while', async () => {
    const { user, list, requests } = await openList();
    const [first] = within(list).getAllByTestId('notification-item');
    await user.click(within(first).getByRole('button', { name: `Mute ${ALERT_TYPES[0].name}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mute this device for 8 hours' }));
    await waitFor(() =>
      expect(
        requests.find((request) => request.method === 'PUT' && request.path === 'notifications/mutes')?.body,
      ).toEqual({
        kind: 'device',
        key: '502',
        minutes: 480,
        label: 'Water meter 1',
      }),
    );
    expect(
      await screen.findByText('Notifications about this device are muted for 8 hours.'),
    ).toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: `Mute ${ALERT_TYPES[0].name}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mute this alert type for 1 hour' }));
    await waitFor(() =>
      expect(
        requests
          .filter((request) => request.method === 'PUT' && request.path === 'notifications/mutes')
          .at(-1)?.body,
      ).toEqual({
        kind: 'type',
        key: ALERT_TYPES[0].code,
        minutes: 60,
        label: ALERT_TYPES[0].name,
      }),
    );
  });

  it('lists the running mutes with their end once one is set, and unmutes one', async () => {
    const { user, list, requests } = await openList();
    expect(screen.queryByTestId('mutes-list')).not.toBeInTheDocument();
    const [first] = within(list).getAllByTestId('notification-item');
    await user.click(within(first).getByRole('button', { name: `Mute ${ALERT_TYPES[0].name}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mute this device for 8 hours' }));

    const mutes = await screen.findByTestId('mutes-list');
    const [item] = within(mutes).getAllByTestId('mute-item');
    expect(item).toHaveTextContent('Device Water meter 1');
    expect(item).toHaveTextContent('Until 03/05/24 04:00:00 PM');

    await user.click(within(item).getByRole('button', { name: 'Unmute Device Water meter 1' }));
    expect(
      await screen.findByText('Notifications about Device Water meter 1 are on again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('mutes-list')).not.toBeInTheDocument());
    expect(
      requests.some(
        (request) => request.method === 'DELETE' && request.path === 'notifications/mutes/device/502',
      ),
    ).toBe(true);
  });

  it('lists mutes set earlier, soonest end first, and keeps one whose unmute fails', async () => {
    const { user, list } = await openList([
      { kind: 'type', key: 'LAF-001', until: '2024-03-06T10:00:00Z', label: ALERT_TYPES[0].name },
      { kind: 'gateway', key: '77', until: '2024-03-05T18:30:00Z' },
    ]);
    const mutes = await screen.findByTestId('mutes-list');
    const items = within(mutes).getAllByTestId('mute-item');
    expect(items.map((item) => item.getAttribute('data-mute'))).toEqual(['gateway:77', 'type:LAF-001']);
    // A mute without a name shows its key.
    expect(items[0]).toHaveTextContent('Gateway 77');
    expect(items[1]).toHaveTextContent(`Alert type ${ALERT_TYPES[0].name}`);

    await user.click(
      within(items[1]).getByRole('button', { name: `Unmute Alert type ${ALERT_TYPES[0].name}` }),
    );
    expect(await within(list).findByTestId('error-box')).toBeInTheDocument();
    expect(within(screen.getByTestId('mutes-list')).getAllByTestId('mute-item')).toHaveLength(2);
  });
});

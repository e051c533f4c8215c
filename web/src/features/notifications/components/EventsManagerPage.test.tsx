import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { NotificationPreferences } from '../types/notifications';

const saved: NotificationPreferences = {
  destinations: [
    { destination: 'sms', enabled: false, additional: [] },
    { destination: 'email', enabled: true, additional: [{ id: 4, email: 'ops@example.com', active: true }] },
    { destination: 'push', enabled: true },
    { destination: 'webhook', enabled: false, additional: [] },
  ],
  risks: [
    { name: 'high', enabled: true },
    { name: 'medium', enabled: true },
    { name: 'low', enabled: false },
    { name: 'info', enabled: false },
  ],
  asset_importance: [
    { name: 'high', enabled: true },
    { name: 'medium', enabled: true },
    { name: 'low', enabled: true },
  ],
  dataCollectors: [
    { dataCollectorId: 3, enabled: true, dataCollector: { id: 3, name: 'Campus ChirpStack' } },
  ],
  asset_tags: [],
};

function open(overrides: Record<string, FakeRoute> = {}) {
  storeSession({ username: 'alice' });
  return renderApp('/dashboard/events_manager', {
    'GET notifications/preferences': () => jsonResponse(saved),
    'GET tags': () => jsonResponse([{ id: 9, name: 'roof', color: '#27c24c' }]),
    'PUT notifications/preferences': () => jsonResponse({}),
    ...overrides,
  });
}

describe('Events manager', () => {
  it('shows the three sections with Sources open, and what is saved', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'EVENTS MANAGER' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Campus ChirpStack' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Sources' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Triggers' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Action' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('refuses an invalid webhook URL and saves a valid one as a pending destination', async () => {
    const user = userEvent.setup();
    const app = open();
    await user.click(await screen.findByRole('button', { name: 'Action' }));
    expect(screen.getByLabelText('Webhook URL')).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Webhook notifications' }));
    await user.type(screen.getByLabelText('Webhook URL'), 'not a url');
    expect(screen.getByText('Enter a valid url.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add webhook' })).toBeDisabled();

    await user.clear(screen.getByLabelText('Webhook URL'));
    await user.type(screen.getByLabelText('Webhook URL'), 'https://hooks.example.com/alerts');
    await user.type(screen.getByLabelText('Secret'), 'k3y');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const pending = screen
      .getAllByTestId('additional-destination')
      .find((row) => row.textContent?.includes('https://hooks.example.com/alerts'));
    expect(pending && within(pending).getByRole('img', { name: 'Pending activation' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Done! Changes were saved, click to hide.');
    const put = app.requests.find((request) => request.method === 'PUT');
    const webhook = (put?.body as NotificationPreferences).destinations.find(
      (d) => d.destination === 'webhook',
    );
    expect(webhook).toEqual({
      destination: 'webhook',
      enabled: true,
      additional: [{ id: null, url: 'https://hooks.example.com/alerts', secret: 'k3y', active: false }],
    });

    await user.click(screen.getByRole('button', { name: 'Hide message' }));
    expect(screen.queryByText('Done! Changes were saved, click to hide.')).not.toBeInTheDocument();
  });

  it('needs text before adding an email, and keeps SMS disabled', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Action' }));
    expect(screen.getByRole('button', { name: 'Add email' })).toBeDisabled();
    await user.type(screen.getByLabelText('Add email'), 'night@example.com');
    await user.click(screen.getByRole('button', { name: 'Add email' }));
    expect(screen.getByText('night@example.com')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'SMS notifications' })).toBeDisabled();
  });

  it('explains secrets in the help dialog', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'How to use secrets' }));
    const dialog = await screen.findByRole('dialog', { name: 'How to use secrets' });
    expect(within(dialog).getAllByText(/X-Signature/).length).toBeGreaterThan(0);
  });

  it('shows the failure box when the preferences cannot be loaded', async () => {
    open({ 'GET notifications/preferences': () => jsonResponse({ message: 'down' }, 500) });
    expect(await screen.findByText('Something went wrong. Try again later.')).toBeInTheDocument();
  });

  it('goes to the events log from See notifications', async () => {
    const user = userEvent.setup();
    const app = open();
    await user.click(await screen.findByRole('button', { name: 'See notifications' }));
    expect(app.router.state.location.pathname).toBe('/dashboard/events_log');
  });
});

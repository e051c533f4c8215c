import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { NotificationPreferences } from '../types/notifications';

const saved: NotificationPreferences = {
  destinations: [
    { destination: 'sms', enabled: false, additional: [] },
    { destination: 'email', enabled: false, additional: [] },
    { destination: 'push', enabled: false },
    { destination: 'webhook', enabled: false, additional: [] },
  ],
  risks: [{ name: 'high', enabled: true }],
  asset_importance: [{ name: 'high', enabled: true }],
  dataCollectors: [],
  asset_tags: [],
};

const NO_MAIL =
  'Email notifications cannot be enabled: no mail server is configured. Your other changes were saved.';

describe('Events manager save', () => {
  it('says that email stays off when the server saved everything else without it', async () => {
    const user = userEvent.setup();
    storeSession({ username: 'alice' });
    renderApp('/dashboard/events_manager', {
      'GET notifications/preferences': () => jsonResponse(saved),
      'GET tags': () => jsonResponse([]),
      'PUT notifications/preferences': () => jsonResponse({ warning: NO_MAIL }),
    });
    await user.click(await screen.findByRole('button', { name: 'Action' }));
    await user.click(screen.getByRole('switch', { name: 'Email notifications' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_MAIL);
    expect(screen.queryByText('Done! Changes were saved, click to hide.')).not.toBeInTheDocument();
  });
});

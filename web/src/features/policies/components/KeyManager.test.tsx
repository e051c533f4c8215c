import { screen, within } from '@testing-library/react';
import { jsonResponse, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { makePolicy } from '../testing/policy-fixtures';

async function openKeys(auditQueue: FakeRoute, admin = false) {
  storeSession({ roles: admin ? [2] : [1] });
  const app = renderApp('/dashboard/policies/1/view', {
    'GET policies/1': () => jsonResponse(makePolicy()),
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    'GET app_keys': () => jsonResponse({ limit: 500, count: 0, keys: [] }),
    'GET app_keys/audit_queue': auditQueue,
  });
  const keys = await screen.findByTestId('key-manager');
  // The key list answered: the audit queue, asked at the same time, has answered too.
  await within(keys).findByText('No keys found');
  return { app, keys };
}

describe('Key manager: devices awaiting their AppKey audit', () => {
  it('says how many devices wait, to every member', async () => {
    const { app, keys } = await openKeys(() => jsonResponse({ pending_devices: 3 }));
    expect(await within(keys).findByText('3 devices await their AppKey audit')).toBeInTheDocument();
    expect(app.requests.some((request) => request.path === 'app_keys/audit_queue')).toBe(true);
  });

  it('speaks of one device in the singular', async () => {
    const { keys } = await openKeys(() => jsonResponse({ pending_devices: 1 }), true);
    expect(await within(keys).findByText('1 device awaits its AppKey audit')).toBeInTheDocument();
  });

  it.each([
    ['no device waits', () => jsonResponse({ pending_devices: 0 })],
    ['the count cannot be read', () => jsonResponse({}, 500)],
  ])('says nothing when %s', async (_case, answer) => {
    const { app, keys } = await openKeys(answer);
    await vi.waitFor(() =>
      expect(app.requests.some((request) => request.path === 'app_keys/audit_queue')).toBe(true),
    );
    expect(within(keys).queryByTestId('key-audit-pending')).not.toBeInTheDocument();
  });
});

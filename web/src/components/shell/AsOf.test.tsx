import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALERT_TYPES } from '../../lib/alerts/alert-fixtures';
import { jsonResponse, type FakeRoute, type RecordedRequest } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';
import { readAsOf } from './as-of';

const AS_OF = '2026-01-10T08:00:00.000Z';

const backend: Record<string, FakeRoute> = {
  'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme', user_roles: [1] }),
  'GET quarantined_devices': () => jsonResponse([]),
  'GET quarantined_devices/count': (request) =>
    jsonResponse(request.query.get('group_by') ? [] : { count: 0 }),
  'GET quarantined_devices/devices_count': () => jsonResponse({ count: 0 }),
  'GET alerts': () => jsonResponse([]),
  'GET alerts/count': () => jsonResponse({ count: 0 }),
  'GET alert_types': () => jsonResponse(ALERT_TYPES),
  'GET alert_types/count': () => jsonResponse([]),
  'GET data_collectors': () => jsonResponse({ data_collectors: [] }),
  'GET devices/count': () => jsonResponse([]),
  'GET packets/count': () => jsonResponse([]),
};

const requestsTo = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.method === 'GET' && request.path === path);

describe('the As of control', () => {
  it('reads a past time from the URL, and nothing from an absent or unreadable one', () => {
    expect(readAsOf(new URLSearchParams('as_of=2026-01-10T09:00:00%2B01:00'))).toBe(AS_OF);
    expect(readAsOf(new URLSearchParams(''))).toBeUndefined();
    expect(readAsOf(new URLSearchParams('as_of=soon'))).toBeUndefined();
  });

  it('shows Current Issues as at the past time with a banner, and goes back to live', async () => {
    storeSession({ roles: [1] });
    const { requests, router } = renderApp(`/dashboard/current_issues?as_of=${AS_OF}`, backend);

    // Given a past time in the header, the banner says so and every issue request carries it
    expect(await screen.findByText(/Showing the history as of/)).toBeInTheDocument();
    expect(screen.getByLabelText('As of')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(requests, 'quarantined_devices').length).toBeGreaterThan(0));
    for (const path of [
      'quarantined_devices',
      'quarantined_devices/count',
      'quarantined_devices/devices_count',
    ])
      for (const request of requestsTo(requests, path)) expect(request.query.get('as_of')).toBe(AS_OF);

    // When the user goes back to live
    const before = requests.length;
    await userEvent.click(screen.getByRole('button', { name: 'Back to live' }));

    // Then the banner is gone, the URL holds no time and the list is read again without one
    await waitFor(() => expect(screen.queryByText(/Showing the history as of/)).not.toBeInTheDocument());
    expect(router.state.location.search).not.toContain('as_of');
    await waitFor(() =>
      expect(requestsTo(requests.slice(before), 'quarantined_devices').length).toBeGreaterThan(0),
    );
    for (const request of requests.slice(before)) expect(request.query.get('as_of')).toBeNull();
  });

  it('passes the past time to the Alerts screen requests', async () => {
    storeSession({ roles: [1] });
    const { requests } = renderApp(`/dashboard/alerts_review?as_of=${AS_OF}`, backend);
    expect(await screen.findByRole('button', { name: 'Back to live' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(requests, 'alerts').length).toBeGreaterThan(0));
    for (const path of ['alerts', 'alerts/count', 'alert_types/count'])
      for (const request of requestsTo(requests, path)) expect(request.query.get('as_of')).toBe(AS_OF);
  });

  it('reads the dashboard tiles as at the past time, their ranges ending there', async () => {
    storeSession({ roles: [1] });
    const { requests } = renderApp(`/dashboard?as_of=${AS_OF}`, backend);
    expect(await screen.findByRole('button', { name: 'Back to live' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(requests, 'packets/count').length).toBeGreaterThan(0));
    const bounds: Record<string, string> = {
      'packets/count': 'date',
      'devices/count': 'last_up_timestamp',
      'alerts/count': 'created_at',
      'quarantined_devices/devices_count': 'created_at',
    };
    for (const [path, name] of Object.entries(bounds)) {
      const sent = requestsTo(requests, path);
      expect(sent.length).toBeGreaterThan(0);
      for (const request of sent) {
        expect(request.query.get('as_of')).toBe(AS_OF);
        expect(Date.parse(request.query.get(`${name}[gte]`) ?? '')).toBeLessThan(Date.parse(AS_OF));
      }
    }
    const latest = requestsTo(requests, 'alerts').at(-1);
    expect(latest?.query.get('as_of')).toBe(AS_OF);
  });
});

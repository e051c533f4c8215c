import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, type RecordedRequest } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';

/**
 * Current Issues, Inventory, Network Overview and the Events log open the view their URL describes (filters,
 * sort, page, size) and write a change of page back to it. Only the list request is looked at: the other calls
 * of each screen answer 404 here.
 */
const last = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.method === 'GET' && request.path === path).at(-1);

function open(path: string) {
  storeSession({ roles: [1] });
  return renderApp(path, {
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
  });
}

const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('list screens in the URL', () => {
  it('Current Issues: risk filter, sort, page and size', async () => {
    const filters = json({ risks: ['HIGH'], alertTypes: [], dataSources: [] });
    const { requests } = open(`/dashboard/current_issues?f=${filters}&sort=since&dir=ASC&page=3&size=10`);
    await waitFor(() => expect(last(requests, 'quarantined_devices')).toBeDefined());
    const list = last(requests, 'quarantined_devices')!;
    expect(list.query.get('page')).toBe('3');
    expect(list.query.get('size')).toBe('10');
    expect(list.query.getAll('risk[]')).toEqual(['HIGH']);
    expect(list.query.getAll('order_by[]')).toEqual(['since', 'ASC']);
  });

  it('Inventory: asset type, hidden assets, page and size', async () => {
    const filters = json({
      vendor: [],
      data_collector: [],
      importance: [],
      tag: [],
      assetType: 'gateway',
      hidden: true,
    });
    const { requests } = open(`/dashboard/inventory?f=${filters}&page=2&size=25`);
    await waitFor(() => expect(last(requests, 'inventory/list')).toBeDefined());
    const list = last(requests, 'inventory/list')!;
    expect(list.query.get('page')).toBe('2');
    expect(list.query.get('size')).toBe('25');
    expect(list.query.get('asset_type')).toBe('gateway');
    expect(list.query.get('hidden')).toBe('true');
  });

  it('Network Overview: the page', async () => {
    const { requests } = open('/dashboard/resources_usage?page=4');
    await waitFor(() => expect(last(requests, 'resource_usage/list')).toBeDefined());
    expect(last(requests, 'resource_usage/list')!.query.get('page')).toBe('4');
  });

  it('Events log: the page, written back when it changes', async () => {
    const user = userEvent.setup();
    storeSession({ roles: [1] });
    const app = renderApp('/dashboard/events_log?size=10', {
      'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
      'GET alerts': () => jsonResponse([]),
      'GET alerts/count': () => jsonResponse({ count: 35 }),
      'GET alert_types': () => jsonResponse([]),
    });
    await waitFor(() => expect(last(app.requests, 'alerts')?.query.get('size')).toBe('10'));
    await user.click(await screen.findByRole('button', { name: /next page/i }));
    await waitFor(() => expect(app.router.state.location.search).toContain('page=2'));
    expect(last(app.requests, 'alerts')?.query.get('page')).toBe('1');
  });
});

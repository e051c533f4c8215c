import { screen, waitFor, within } from '@testing-library/react';
import { jsonResponse } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import type { DataSource, DataSourceLogEvent } from '../types/data-source';

const SOURCE: DataSource = {
  id: 3,
  name: 'Lab broker',
  description: 'Bench',
  created_at: '2024-03-01T10:00:00Z',
  data_collector_type_id: 1,
  type: { id: 1, type: 'chirpstack_collector', name: 'ChirpStack v3' },
  status: 'CONNECTED',
  gateway_id: null,
  gateway_name: null,
  region_id: null,
  ip: '10.0.0.5',
  port: '1883',
  user: 'collector',
  password_set: true,
  ssl: false,
  ca_cert: null,
  client_cert: null,
  policy_id: 1,
  policy_name: 'Default',
  topics: ['gateway/+/event/up'],
  lastMessage: null,
};

const event = (
  id: number,
  type: string,
  parameters: Record<string, unknown> = {},
  user: DataSourceLogEvent['user'] = null,
): DataSourceLogEvent => ({
  id,
  type,
  createdAt: '2024-03-05T14:07:09Z',
  parameters,
  user,
});

const EVENTS = [
  event(10, 'FAILED_LOGIN', { message: '401' }),
  event(9, 'FAILED_PARSING', { message: 'Unexpected token', count: 1 }),
  event(8, 'DISCONNECTED', { error: 'Connection refused' }),
  event(7, 'RESTARTED'),
  event(6, 'DISABLED', {}, { id: 1, username: 'op', full_name: 'Olive Operator' }),
  event(5, 'ENABLED'),
  event(4, 'CONNECTED'),
  event(3, 'UPDATED', {
    ip: '10.0.0.5',
    port: '1883',
    user: null,
    ssl: false,
    type: 'chirpstack_collector',
    policy: 1,
  }),
  event(2, 'CREATED', {
    ip: '10.0.0.5',
    port: '1883',
    user: 'collector',
    ssl: true,
    type: 'chirpstack_collector',
    policy: 1,
  }),
  event(1, 'DELETED'),
];

function backend() {
  return {
    'GET data_collectors/3': () => jsonResponse(SOURCE),
    'GET data_collectors/3/log': () =>
      new Response(JSON.stringify(EVENTS), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'total-items': '10', 'total-pages': '1' },
      }),
    'GET policies': () => jsonResponse([{ id: 1, name: 'Default', isDefault: true }]),
    'GET data_collectors/ttn_regions': () => jsonResponse([]),
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
  };
}

describe('Data source logs', () => {
  it('labels every event, highlights errors and explains them', async () => {
    storeSession({ roles: [1] });
    renderApp('/dashboard/data_collectors/3/log', backend());
    expect(await screen.findByRole('heading', { name: 'DATA SOURCE LOGS' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('log-row')).toHaveLength(10));
    expect(
      within(screen.getByTestId('log-table'))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Datetime', 'Event', 'Details']);
    const rows = screen.getAllByTestId('log-row');
    const labels = rows.map((row) => within(row).getAllByRole('cell')[1].textContent);
    expect(labels).toEqual([
      'Failed login',
      'Failed message parsing',
      'Connection lost',
      'Restarted by system',
      'Manually disabled',
      'Manually enabled',
      'Connected',
      'Updated',
      'Created',
      'Deleted',
    ]);
    expect(rows.map((row) => row.getAttribute('data-error'))).toEqual([
      'true',
      'true',
      'true',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(
      within(rows[0]).getByText('Failed trying to login at TTN Server. Check data source credentials.'),
    ).toBeInTheDocument();
    expect(within(rows[2]).getByText('Connection refused')).toBeInTheDocument();
    expect(within(rows[4]).getByText('By Olive Operator')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(rows[8]).getAllByRole('cell')[2]).toHaveTextContent(
        'Type: chirpstack_collector · Host: 10.0.0.5:1883 · User: collector · SSL: on · Policy: Default',
      ),
    );
    expect(within(rows[0]).getAllByRole('cell')[0]).toHaveTextContent('03/05/24 02:07:09 PM');
    expect(within(screen.getByTestId('log-summary')).getByText('Lab broker')).toBeInTheDocument();
  });

  it('shows the view sections with links to logs and, for admins, edit', async () => {
    storeSession({ roles: [2] });
    renderApp('/dashboard/data_collectors/3/view', backend());
    expect(await screen.findByRole('heading', { name: 'VIEW DATA SOURCE' })).toBeInTheDocument();
    const view = await screen.findByTestId('data-source-view');
    for (const section of ['Details', 'Status', 'Connection'])
      expect(within(view).getByRole('heading', { name: section })).toBeInTheDocument();
    expect(within(view).getByText('No messages in last 4 hours')).toBeInTheDocument();
    expect(within(view).getByText('10.0.0.5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Logs' })).toHaveAttribute(
      'href',
      '/dashboard/data_collectors/3/log',
    );
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/dashboard/data_collectors/3/edit',
    );
  });
});

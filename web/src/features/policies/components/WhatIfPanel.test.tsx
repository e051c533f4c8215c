import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { makePolicy } from '../testing/policy-fixtures';
import type { WhatIfJob, WhatIfResult } from '../types/what-if';

const strict = makePolicy({ id: 5, name: 'Strict', isDefault: false, dataCollectors: [] });

const RESULT: WhatIfResult = {
  from: '2024-03-01T10:00:00.000Z',
  to: '2024-03-08T10:00:00.000Z',
  packets: 1200,
  by_code: [
    { code: 'LAF-010', added: 1, gone: 0, unchanged: 4 },
    { code: 'LAF-101', added: 0, gone: 2, unchanged: 1 },
  ],
  added: [
    {
      id: 'a1',
      code: 'LAF-010',
      created_at: '2024-03-02T08:15:00.000Z',
      dev_eui: null,
      gateway: 'b827ebfffe000001',
      data_collector_id: 1,
    },
  ],
  gone: [
    {
      id: 'g1',
      code: 'LAF-101',
      created_at: '2024-03-03T13:05:09.000Z',
      dev_eui: '0004a30b001c0530',
      gateway: null,
      data_collector_id: 1,
    },
    {
      id: 'g2',
      code: 'LAF-101',
      created_at: '2024-03-04T00:00:00.000Z',
      dev_eui: '0004a30b001c0531',
      gateway: null,
      data_collector_id: 1,
    },
  ],
  unchanged: 5,
};

const running = (read: number, total: number): WhatIfJob => ({
  id: 42,
  status: 'running',
  progress: { packets_read: read, packets_total: total },
});

/** Answers the job reads in turn; the last answer repeats. */
function jobReads(...answers: WhatIfJob[]): FakeRoute {
  let next = 0;
  return () => jsonResponse(answers[Math.min(next++, answers.length - 1)]);
}

function backend(overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET policies': () => jsonResponse([makePolicy(), strict]),
    'GET policies/1': () => jsonResponse(makePolicy()),
    'GET policies/5': () => jsonResponse(strict),
    'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    'GET app_keys': () => jsonResponse({ limit: 500, count: 0, keys: [] }),
    'POST what_if': () => jsonResponse({ id: 42 }, 202),
    ...overrides,
  };
}

async function open(path: string, admin = true, overrides: Record<string, FakeRoute> = {}) {
  storeSession({ roles: admin ? [2] : [1] });
  const app = renderApp(path, backend(overrides));
  await screen.findAllByTestId('policy-item');
  return app;
}

async function tryOn(label: 'Try on the last day' | 'Try on the last week' | 'Try on the last month') {
  await userEvent.click(screen.getByRole('button', { name: 'Try on' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: label }));
}

const item = (name: string) => screen.getByRole('region', { name });

describe('Try on (what if)', () => {
  it('sends the items as edited, unsaved, over the last week ending now', async () => {
    const user = userEvent.setup();
    const app = await open('/dashboard/policies/5/edit', true, {
      'GET what_if/42': jobReads(running(0, 10)),
    });
    const accuracy = within(item('Gateway moved')).getByRole('textbox', { name: 'location_accuracy' });
    await user.clear(accuracy);
    await user.type(accuracy, '75');
    await user.click(within(item('Device messages being lost')).getByRole('switch'));

    const before = Date.now();
    await tryOn('Try on the last week');
    await screen.findByTestId('what-if-progress');
    const after = Date.now();

    const posted = app.requests.filter((request) => request.method === 'POST' && request.path === 'what_if');
    expect(posted).toHaveLength(1);
    const body = posted[0].body as { from: string; to: string; policy: unknown };
    expect(body).toEqual({
      policy: {
        items: [
          { alertTypeCode: 'LAF-009', enabled: true, parameters: {} },
          { alertTypeCode: 'LAF-010', enabled: true, parameters: { location_accuracy: 75 } },
          { alertTypeCode: 'LAF-101', enabled: true, parameters: { time_window: 24 } },
        ],
      },
      from: body.from,
      to: body.to,
    });
    const to = new Date(body.to);
    expect(to.getTime()).toBeGreaterThanOrEqual(before);
    expect(to.getTime()).toBeLessThanOrEqual(after);
    const weekBefore = new Date(to);
    weekBefore.setDate(weekBefore.getDate() - 7);
    expect(body.from).toBe(weekBefore.toISOString());
    // Nothing is saved by a try.
    expect(app.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('tries a saved policy by its id from the view page, over the last day', async () => {
    const app = await open('/dashboard/policies/1/view', true, {
      'GET what_if/42': jobReads(running(0, 10)),
    });
    await tryOn('Try on the last day');
    await screen.findByTestId('what-if-progress');
    const body = app.requests.find((request) => request.method === 'POST' && request.path === 'what_if')
      ?.body as { from: string; to: string };
    expect(Object.keys(body).sort()).toEqual(['from', 'policy_id', 'to']);
    expect(body).toMatchObject({ policy_id: 1 });
    expect(new Date(body.to).getTime() - new Date(body.from).getTime()).toBe(24 * 3600 * 1000);
  });

  it('shows the packets read, then the difference per alert type and the alerts added and gone', async () => {
    const user = userEvent.setup();
    const app = await open('/dashboard/policies/5/edit', true, {
      'GET what_if/42': jobReads(running(3, 10), { ...running(10, 10), status: 'done', result: RESULT }),
    });
    await tryOn('Try on the last month');
    const panel = await screen.findByRole('region', { name: 'Try on the last month' });
    expect(await within(panel).findByText('3 of 10 packets')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    // The menu waits while a try runs.
    expect(screen.getByRole('button', { name: 'Try on' })).toBeDisabled();

    const counts = await within(panel).findByTestId('what-if-by-code', {}, { timeout: 3000 });
    expect(within(panel).queryByText('3 of 10 packets')).not.toBeInTheDocument();
    const rows = within(counts)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['ALERT TYPE', 'ADDED', 'GONE', 'UNCHANGED'],
      ['Gateway moved', '1', '0', '4'],
      ['Device messages being lost', '0', '2', '1'],
    ]);
    expect(
      within(panel).getByText(/^1,200 packets from 03\/01\/24 10:00:00 AM to 03\/08\/24 10:00:00 AM/),
    ).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Alerts this policy would add (1)' }));
    const added = await within(panel).findByTestId('what-if-added');
    expect(within(added).getByText('03/02/24 08:15:00 AM')).toBeInTheDocument();
    expect(within(added).getByText('B827EBFFFE000001')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Alerts this policy would not raise (2)' }));
    const gone = await within(panel).findByTestId('what-if-gone');
    expect(within(gone).getByText('0004A30B001C0530')).toBeInTheDocument();
    expect(within(gone).getByText('0004A30B001C0531')).toBeInTheDocument();
    expect(within(gone).getAllByText('Device messages being lost')).toHaveLength(2);

    // The job is over: reads stop and nothing is cancelled.
    const reads = app.requests.filter((request) => request.path === 'what_if/42').length;
    expect(app.requests.some((request) => request.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('button', { name: 'Try on' })).toBeEnabled();

    // Changing an item after the try says the comparison is of the policy as it was.
    await user.click(within(item('Gateway moved')).getByRole('switch'));
    expect(within(panel).getByText(/The policy has changed since this try/)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(app.requests.filter((request) => request.path === 'what_if/42')).toHaveLength(reads);
  });

  it('says when no alert would change', async () => {
    await open('/dashboard/policies/5/edit', true, {
      'GET what_if/42': jobReads({
        ...running(0, 0),
        status: 'done',
        result: { ...RESULT, packets: 0, by_code: [], added: [], gone: [], unchanged: 0 },
      }),
    });
    await tryOn('Try on the last day');
    expect(await screen.findByTestId('what-if-no-change')).toHaveTextContent(/^No alerts would change\.$/);
    expect(screen.queryByTestId('what-if-by-code')).not.toBeInTheDocument();
  });

  it('cancels the job with the Cancel button', async () => {
    const app = await open('/dashboard/policies/5/edit', true, {
      'GET what_if/42': jobReads(running(5, 100)),
      'DELETE what_if/42': () => new Response(null, { status: 204 }),
    });
    await tryOn('Try on the last week');
    const panel = await screen.findByRole('region', { name: 'Try on the last week' });
    expect(await within(panel).findByText('5 of 100 packets')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(await within(panel).findByText('The try was cancelled.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        app.requests.filter((request) => request.method === 'DELETE' && request.path === 'what_if/42'),
      ).toHaveLength(1),
    );
    expect(within(panel).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try on' })).toBeEnabled();
  });

  it('cancels a running job when the page is left', async () => {
    const app = await open('/dashboard/policies/5/edit', true, {
      'GET what_if/42': jobReads(running(5, 100)),
      'DELETE what_if/42': () => new Response(null, { status: 204 }),
    });
    await tryOn('Try on the last week');
    await screen.findByText('5 of 100 packets');
    await userEvent.click(screen.getByRole('link', { name: 'Back to policies' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/dashboard/policies'));
    await waitFor(() =>
      expect(
        app.requests.filter((request) => request.method === 'DELETE' && request.path === 'what_if/42'),
      ).toHaveLength(1),
    );
  });

  it('shows why a try failed, or why it was refused', async () => {
    let starts = 0;
    await open('/dashboard/policies/5/edit', true, {
      'POST what_if': () =>
        ++starts === 1
          ? jsonResponse({ id: 42 }, 202)
          : jsonResponse({ message: 'There are no data sources to try the policy on' }, 400),
      'GET what_if/42': jobReads({
        ...running(7, 10),
        status: 'failed',
        error: 'The try ran out of time and was stopped.',
      }),
    });
    await tryOn('Try on the last month');
    expect(await screen.findByRole('alert')).toHaveTextContent('The try ran out of time and was stopped.');
    await tryOn('Try on the last day');
    expect(await screen.findByText('There are no data sources to try the policy on')).toBeInTheDocument();
  });

  it('is not offered to regular users', async () => {
    const app = await open('/dashboard/policies/1/view', false);
    expect(screen.getByRole('heading', { name: 'VIEW POLICY' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try on' })).not.toBeInTheDocument();
    expect(app.requests.some((request) => request.path.startsWith('what_if'))).toBe(false);
  });
});

import { lastValueFrom, toArray } from 'rxjs';
import { createApiClient } from '../../../lib/api';
import { createFakeFetch, jsonResponse, type FakeRoute } from '../../../test/fake-fetch';
import type { WhatIfRequest } from '../types/what-if';
import { WHAT_IF_TEXTS, createWhatIfRun$, type WhatIfRun } from './what-if-run';

const REQUEST: WhatIfRequest = {
  policy_id: 5,
  from: '2024-03-01T00:00:00.000Z',
  to: '2024-03-02T00:00:00.000Z',
};

function setup(routes: Record<string, FakeRoute>) {
  const backend = createFakeFetch({
    'DELETE what_if/42': () => new Response(null, { status: 204 }),
    ...routes,
  });
  const api = createApiClient({
    fetch: backend.fetch,
    getAccessToken: () => 'token',
    onUnauthorized: vi.fn(),
  });
  const deletes = () => backend.requests.filter((request) => request.method === 'DELETE');
  return { api, requests: backend.requests, deletes };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('what-if run', () => {
  it('cancels a job whose start was still unanswered when the run was left', async () => {
    let answerStart: (response: Response) => void = () => undefined;
    const { api, requests, deletes } = setup({
      'POST what_if': () => new Promise<Response>((resolve) => (answerStart = resolve)),
    });
    const runs: WhatIfRun[] = [];
    const subscription = createWhatIfRun$(api, REQUEST, 10).subscribe((run) => runs.push(run));
    await settle();
    subscription.unsubscribe();
    expect(deletes()).toHaveLength(0);
    answerStart(jsonResponse({ id: 42 }, 202));
    await settle();
    expect(deletes().map((request) => request.path)).toEqual(['what_if/42']);
    expect(requests.some((request) => request.method === 'GET')).toBe(false);
    expect(runs).toEqual([{ status: 'starting' }]);
  });

  it('stops and cancels a job it can no longer read, without showing the fault', async () => {
    const { api, deletes } = setup({
      'POST what_if': () => jsonResponse({ id: 42 }, 202),
      'GET what_if/42': () => jsonResponse({ message: 'Internal error' }, 500),
    });
    const runs = await lastValueFrom(createWhatIfRun$(api, REQUEST, 10).pipe(toArray()));
    expect(runs).toEqual([{ status: 'starting' }, { status: 'failed', message: WHAT_IF_TEXTS.failed }]);
    await settle();
    expect(deletes()).toHaveLength(1);
  });

  it('leaves nothing to cancel when the start is refused or the job is over', async () => {
    const refused = setup({
      'POST what_if': () => jsonResponse({ message: 'from must be before to' }, 400),
    });
    expect(await lastValueFrom(createWhatIfRun$(refused.api, REQUEST, 10).pipe(toArray()))).toEqual([
      { status: 'starting' },
      { status: 'failed', message: 'from must be before to' },
    ]);
    const cancelledElsewhere = setup({
      'POST what_if': () => jsonResponse({ id: 42 }, 202),
      'GET what_if/42': () =>
        jsonResponse({ id: 42, status: 'cancelled', progress: { packets_read: 1, packets_total: 9 } }),
    });
    expect(
      await lastValueFrom(createWhatIfRun$(cancelledElsewhere.api, REQUEST, 10).pipe(toArray())),
    ).toEqual([{ status: 'starting' }, { status: 'cancelled' }]);
    await settle();
    expect(refused.deletes()).toHaveLength(0);
    expect(cancelledElsewhere.deletes()).toHaveLength(0);
  });
});

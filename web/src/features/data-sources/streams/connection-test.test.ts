import { lastValueFrom, toArray } from 'rxjs';
import { createApiClient } from '../../../lib/api';
import { createFakeFetch, jsonResponse, type FakeRoute } from '../../../test/fake-fetch';
import { TEST_TIMEOUT_TEXT, runConnectionTest } from './connection-test';

const payload = { name: 'x', description: '', data_collector_type_id: 1, policy_id: 1, ssl: false };

function apiWith(routes: Record<string, FakeRoute>) {
  const { fetch } = createFakeFetch(routes);
  return createApiClient({ fetch, getAccessToken: () => 't', onUnauthorized: () => undefined });
}

const run = (
  routes: Record<string, FakeRoute>,
  timing: { pollMs: number; timeoutMs: number; editingId?: number } = { pollMs: 1, timeoutMs: 200 },
) => lastValueFrom(runConnectionTest(apiWith(routes), payload, timing).pipe(toArray()));

describe('connection test flow (docs/console.md §4, §8)', () => {
  it('starts running, polls until the server answers, and reports "{type}: {message}"', async () => {
    let polls = 0;
    const states = await run({
      'POST data_collectors/test': () => jsonResponse({ id: 'abc', message: 'Testing data collector' }),
      'GET data_collectors/test': (request) => {
        expect(request.query.get('data_collector_id')).toBe('abc');
        polls++;
        return jsonResponse(
          polls < 3
            ? { haveResponse: false, type: 'NOTREADY', message: 'No response from connection test yet' }
            : { haveResponse: true, type: 'SUCCESS', message: 'Connected' },
        );
      },
    });
    expect(states).toEqual([{ status: 'running' }, { status: 'success', message: 'SUCCESS: Connected' }]);
    expect(polls).toBe(3);
  });

  it('reports a failed test with its type', async () => {
    const states = await run({
      'POST data_collectors/test': () => jsonResponse({ id: 'abc' }),
      'GET data_collectors/test': () =>
        jsonResponse({ haveResponse: true, type: 'ERROR', message: 'Connection refused' }),
    });
    expect(states.at(-1)).toEqual({ status: 'failure', message: 'ERROR: Connection refused' });
  });

  it('gives up with the timeout text when no answer comes in time', async () => {
    const states = await run(
      {
        'POST data_collectors/test': () => jsonResponse({ id: 'abc' }),
        'GET data_collectors/test': () =>
          jsonResponse({ haveResponse: false, type: 'NOTREADY', message: '' }),
      },
      { pollMs: 5, timeoutMs: 30 },
    );
    expect(states.at(-1)).toEqual({ status: 'failure', message: TEST_TIMEOUT_TEXT });
  });

  it('shows a refused request as "Test unsuccessful: {message}"', async () => {
    const states = await run({
      'POST data_collectors/test': () => jsonResponse({ error: 'IP invalid', message: 'IP invalid' }, 400),
    });
    expect(states.at(-1)).toEqual({ status: 'failure', message: 'Test unsuccessful: IP invalid' });
  });

  it('names the data source being edited, so its stored secrets fill the empty ones', async () => {
    const started: Array<string | null> = [];
    const routes = {
      'POST data_collectors/test': (request: { query: URLSearchParams }) => {
        started.push(request.query.get('data_collector_id'));
        return jsonResponse({ id: 'abc' });
      },
      'GET data_collectors/test': () =>
        jsonResponse({ haveResponse: true, type: 'SUCCESS', message: 'Connected' }),
    };
    await run(routes, { pollMs: 1, timeoutMs: 200, editingId: 12 });
    await run(routes);
    expect(started).toEqual(['12', null]);
  });
});

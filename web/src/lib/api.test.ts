import { firstValueFrom } from 'rxjs';
import { createFakeFetch, jsonResponse } from '../test/fake-fetch';
import { ApiError, createApiClient } from './api';

describe('api client', () => {
  it('calls /api/v1.0/<path> with JSON and the bearer token', async () => {
    const backend = createFakeFetch({ 'POST things': (request) => jsonResponse({ echoed: request.body }) });
    const api = createApiClient({
      fetch: backend.fetch,
      getAccessToken: () => 'access-1',
      onUnauthorized: vi.fn(),
    });

    await expect(firstValueFrom(api.post('things', { a: 1 }))).resolves.toEqual({ echoed: { a: 1 } });
    expect(backend.fetch).toHaveBeenCalledWith('/api/v1.0/things', expect.anything());
    expect(backend.requests[0].headers).toMatchObject({
      Authorization: 'Bearer access-1',
      'Content-Type': 'application/json',
    });
  });

  it('sends PATCH with a JSON body and gives the answer', async () => {
    const backend = createFakeFetch({
      'PATCH things/7': (request) => jsonResponse({ patched: request.body }),
    });
    const api = createApiClient({
      fetch: backend.fetch,
      getAccessToken: () => null,
      onUnauthorized: vi.fn(),
    });

    await expect(firstValueFrom(api.patch('things/7', { status: 'DISABLED' }))).resolves.toEqual({
      patched: { status: 'DISABLED' },
    });
    expect(backend.requests[0]).toMatchObject({ method: 'PATCH', body: { status: 'DISABLED' } });
  });

  it('reports any 401 so the session can end, and fails with an ApiError carrying the status', async () => {
    const onUnauthorized = vi.fn();
    const backend = createFakeFetch({ 'GET alerts': () => jsonResponse({ msg: 'Token has expired' }, 401) });
    const api = createApiClient({ fetch: backend.fetch, getAccessToken: () => 'old', onUnauthorized });

    const failure = firstValueFrom(api.get('alerts'));
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('aborts the request when unsubscribed', () => {
    let signal: AbortSignal | undefined;
    const fetch = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>(() => {});
    });
    const api = createApiClient({ fetch, getAccessToken: () => null, onUnauthorized: vi.fn() });
    api.get('alerts').subscribe().unsubscribe();
    expect(signal?.aborted).toBe(true);
  });
});

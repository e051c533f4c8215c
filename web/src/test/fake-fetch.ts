import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  /** Path below /api/v1.0/, without the query string. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

export type FakeRoute = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * A fetch that answers from `routes`, keyed "METHOD path" (e.g. "GET alerts"), and records every request.
 * Unknown routes answer 404.
 */
export function createFakeFetch(routes: Record<string, FakeRoute>) {
  const requests: RecordedRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://console.test');
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1\.0\//, ''),
      query: url.searchParams,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const route = routes[`${request.method} ${request.path}`];
    return route ? route(request) : jsonResponse({ message: 'Not found' }, 404);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

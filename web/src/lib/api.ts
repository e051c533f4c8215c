import { Observable, map } from 'rxjs';
import { toQueryString, type QueryParams } from './query-string';

export const API_BASE_URL = '/api/v1.0/';

/** A non-2xx answer (status > 0) or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message = status === 0 ? 'Network error' : `HTTP ${status}`,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  query?: QueryParams;
  body?: unknown;
  /** Overrides the bearer token; `null` sends the request without one (public calls). */
  bearer?: string | null;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

export interface ApiClient {
  /** The answer with its headers (some lists carry totals in `total-items` / `total-pages`). */
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Observable<ApiResponse<T>>;
  get<T>(path: string, options?: RequestOptions): Observable<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Observable<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Observable<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Observable<T>;
  delete<T>(path: string, options?: RequestOptions): Observable<T>;
}

export interface ApiClientOptions {
  getAccessToken: () => string | null;
  /** Called on any 401 (docs/console.md §4: clear the session and go to /login). */
  onUnauthorized: () => void;
  baseUrl?: string;
  fetch?: typeof fetch;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A small JSON client whose calls are cold observables: nothing is sent until subscribed, and unsubscribing
 * aborts the request (so `switchMap` cancels stale page loads).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? API_BASE_URL;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function request<T>(method: HttpMethod, path: string, requestOptions: RequestOptions = {}) {
    return new Observable<ApiResponse<T>>((subscriber) => {
      const controller = new AbortController();
      const query = requestOptions.query ? toQueryString(requestOptions.query) : '';
      const url = `${baseUrl}${path.replace(/^\//, '')}${query ? `?${query}` : ''}`;
      const token = requestOptions.bearer === undefined ? options.getAccessToken() : requestOptions.bearer;
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (token) headers.Authorization = `Bearer ${token}`;
      const hasBody = requestOptions.body !== undefined;
      if (hasBody) headers['Content-Type'] = 'application/json';

      doFetch(url, {
        method,
        headers,
        body: hasBody ? JSON.stringify(requestOptions.body) : undefined,
        signal: controller.signal,
      })
        .then(async (response) => {
          const body = await readBody(response);
          if (response.status === 401) options.onUnauthorized();
          if (!response.ok) throw new ApiError(response.status, body);
          subscriber.next({ data: body as T, headers: response.headers });
          subscriber.complete();
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          subscriber.error(error instanceof ApiError ? error : new ApiError(0, null, String(error)));
        });

      return () => controller.abort();
    });
  }

  const dataOf = <T>(response$: Observable<ApiResponse<T>>) =>
    response$.pipe(map((response) => response.data));

  return {
    request,
    get: (path, requestOptions) => dataOf(request('GET', path, requestOptions)),
    post: (path, body, requestOptions) =>
      dataOf(request('POST', path, { ...requestOptions, body: body ?? {} })),
    put: (path, body, requestOptions) =>
      dataOf(request('PUT', path, { ...requestOptions, body: body ?? {} })),
    patch: (path, body, requestOptions) =>
      dataOf(request('PATCH', path, { ...requestOptions, body: body ?? {} })),
    delete: (path, requestOptions) => dataOf(request('DELETE', path, requestOptions)),
  };
}

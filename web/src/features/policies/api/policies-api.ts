import { map, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import { pageFromHeaders, type Page } from '../../../lib/paging';
import type { AppKeysAnswer, AuditQueueAnswer, Policy, PolicyItemPayload } from '../types/policy';

/** Policies and keys calls (docs/console.md §7; docs/api.md §8, §12). Pages are 0-based here. */
export function getPolicies(api: ApiClient, page: number, size: number): Observable<Page<Policy>> {
  return api
    .request<Policy[]>('GET', 'policies', { query: { page: page + 1, size } })
    .pipe(map(pageFromHeaders));
}

export const getPolicy = (api: ApiClient, id: number) => api.get<Policy>(`policies/${id}`);

export const createPolicy = (api: ApiClient, body: { name: string; items: PolicyItemPayload[] }) =>
  api.post<Policy>('policies', body);

/** POST policies?clone={id} with only the new name: the server copies the items. */
export const clonePolicy = (api: ApiClient, id: number, name: string) =>
  api.post<Policy>('policies', { name }, { query: { clone: id } });

export const updatePolicy = (
  api: ApiClient,
  id: number,
  body: { name: string; items: PolicyItemPayload[] },
) => api.put<Policy>(`policies/${id}`, body);

export const deletePolicy = (api: ApiClient, id: number) => api.delete<null>(`policies/${id}`);

export const getAppKeys = (api: ApiClient) => api.get<AppKeysAnswer>('app_keys');

export const addAppKey = (api: ApiClient, key: string) =>
  api.post<{ message: string }>('app_keys', { keys: [key] });

export const removeAppKey = (api: ApiClient, key: string) =>
  api.delete<{ message: string }>('app_keys', { body: { keys: [key] } });

export const getAuditQueue = (api: ApiClient) => api.get<AuditQueueAnswer>('app_keys/audit_queue');

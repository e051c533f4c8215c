import { map, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import { pageFromHeaders, type Page } from '../../../lib/paging';
import type {
  ConnectionTestReply,
  DataSource,
  DataSourceActivity,
  DataSourceListItem,
  DataSourceLogEvent,
  DataSourcePayload,
  DataSourceType,
  PolicyOption,
  TtnGateway,
  TtnRegion,
} from '../types/data-source';

/** Calls of the data-source screens (docs/console.md §7 "Data sources"; docs/api.md §4). Pages are 0-based here. */
export function getDataSources(
  api: ApiClient,
  page: number,
  size: number,
): Observable<Page<DataSourceListItem>> {
  return api
    .request<{ data_collectors: DataSourceListItem[] }>('GET', 'data_collectors', {
      query: { page: page + 1, size },
    })
    .pipe(
      map((response) =>
        pageFromHeaders({ data: response.data?.data_collectors ?? [], headers: response.headers }),
      ),
    );
}

export const getActivity = (api: ApiClient) => api.get<DataSourceActivity[]>('data_collectors/activity');

export const getDataSource = (api: ApiClient, id: number) => api.get<DataSource>(`data_collectors/${id}`);

export const getDataSourceTypes = (api: ApiClient) => api.get<DataSourceType[]>('data_collector_types');

export const getTtnRegions = (api: ApiClient) => api.get<TtnRegion[]>('data_collectors/ttn_regions');

/** Every policy, for the form's select (the spec's 100000 page size; the server caps pages at 1000). */
export const getPolicyOptions = (api: ApiClient) =>
  api.get<PolicyOption[]>('policies', { query: { page: 1, size: 1000 } });

export function getLog(
  api: ApiClient,
  id: number,
  page: number,
  size: number,
): Observable<Page<DataSourceLogEvent>> {
  return api
    .request<DataSourceLogEvent[]>('GET', `data_collectors/${id}/log`, { query: { page: page + 1, size } })
    .pipe(map(pageFromHeaders));
}

export const createDataSource = (api: ApiClient, payload: DataSourcePayload) =>
  api.post<{ id: number; message: string }>('data_collectors', payload);

export const updateDataSource = (api: ApiClient, id: number, payload: DataSourcePayload) =>
  api.put<{ id: number; message: string }>(`data_collectors/${id}`, payload);

export const deleteDataSource = (api: ApiClient, id: number) => api.delete<unknown>(`data_collectors/${id}`);

export const changeStatus = (api: ApiClient, id: number, status: 'ENABLED' | 'DISABLED') =>
  api.patch<DataSource>(`data_collectors/${id}`, { status });

/** `editingId`: the data source being edited, whose stored secrets stand in for the ones the form leaves empty. */
export const startConnectionTest = (
  api: ApiClient,
  payload: DataSourcePayload,
  editingId: number | null = null,
) =>
  api.post<{ id: string; message: string }>(
    'data_collectors/test',
    payload,
    editingId === null ? {} : { query: { data_collector_id: editingId } },
  );

export const pollConnectionTest = (api: ApiClient, testId: string) =>
  api.get<ConnectionTestReply>('data_collectors/test', { query: { data_collector_id: testId } });

export const sendTtnCredentials = (
  api: ApiClient,
  credentials: { user: string; password: string; ip?: string; port?: string; ssl?: boolean },
) => api.post<{ message: string }>('data_collectors/ttn_credentials', credentials);

export const getUserGateways = (api: ApiClient) => api.get<TtnGateway[]>('data_collectors/user_gateways');

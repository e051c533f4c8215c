import { map, type Observable } from 'rxjs';
import { asOfQuery } from '../../../components/shell/as-of';
import type { ApiClient } from '../../../lib/api';
import { orderByParam } from '../../../lib/paging';
import type { QueryParams } from '../../../lib/query-string';
import {
  FULL_LOSS,
  FULL_SIGNAL,
  type CountAnswer,
  type DataSourceOption,
  type NetworkFilters,
  type NetworkQuery,
  type UsageDetail,
  type UsageGrouping,
  type UsageListAnswer,
} from '../types/network';
import { signalBounds } from '../utils/signal';

/** The network overview filters as the API reads them (docs/api.md §13). */
export function networkFilterParams(filters: NetworkFilters): QueryParams {
  const [lossFrom, lossTo] = filters.packetLoss;
  const lossSet = lossFrom !== FULL_LOSS[0] || lossTo !== FULL_LOSS[1];
  const signalSet = filters.signal[0] !== FULL_SIGNAL[0] || filters.signal[1] !== FULL_SIGNAL[1];
  const signal = signalSet ? signalBounds(filters.signal) : {};
  return {
    asset_status: filters.status ?? undefined,
    asset_type: filters.assetType ?? undefined,
    gateway_ids: filters.gateways.length > 0 ? filters.gateways.map((gateway) => gateway.id) : undefined,
    data_collector_ids: filters.dataCollectorIds.length > 0 ? filters.dataCollectorIds : undefined,
    // The maximum is exclusive: 100 % must still match, hence 101.
    min_packet_loss: lossSet ? lossFrom : undefined,
    max_packet_loss: lossSet ? (lossTo >= 100 ? 101 : lossTo) : undefined,
    min_signal_strength: signal.min,
    max_signal_strength: signal.max,
  };
}

export function getUsageList(api: ApiClient, query: NetworkQuery): Observable<UsageListAnswer> {
  return api.get<UsageListAnswer>('resource_usage/list', {
    query: {
      ...networkFilterParams(query.filters),
      page: query.page + 1,
      size: query.size,
      order_by: orderByParam(query.sort),
      ...asOfQuery(),
    },
  });
}

export const getUsageCount = (api: ApiClient, grouping: UsageGrouping, filters: NetworkFilters) =>
  api.get<CountAnswer>(`resource_usage/count/${grouping}`, {
    query: { ...networkFilterParams(filters), ...asOfQuery() },
  });

export const getUsageDetail = (api: ApiClient, type: 'device' | 'gateway', id: number) =>
  api.get<UsageDetail>(`resource_usage/${type}/${id}`, { query: asOfQuery() });

/** Every data source, for the selector (the server caps pages at 1000). */
export const getDataSourceOptions = (api: ApiClient): Observable<DataSourceOption[]> =>
  api
    .get<{ data_collectors: DataSourceOption[] } | null>('data_collectors', {
      query: { page: 1, size: 1000 },
    })
    .pipe(map((answer) => (answer?.data_collectors ?? []).map(({ id, name }) => ({ id, name }))));

import type { Observable } from 'rxjs';
import { asOfQuery } from '../../../components/shell/as-of';
import type { ApiClient } from '../../../lib/api';
import { orderByParam } from '../../../lib/paging';
import type { QueryParams } from '../../../lib/query-string';
import type { Importance } from '../../../lib/levels';
import type {
  AssetInfo,
  AssetRef,
  AssetType,
  CountEntry,
  InventoryFilters,
  InventoryGrouping,
  InventoryListAnswer,
  InventoryQuery,
  SearchAnswer,
  Tag,
} from '../types/inventory';

/** The inventory filters as the API reads them (docs/api.md §10); list params go out as `x[]`. */
export function inventoryFilterParams(filters: InventoryFilters): QueryParams {
  const ids = (picks: { id: string }[]) => (picks.length > 0 ? picks.map((pick) => pick.id) : undefined);
  return {
    vendors: ids(filters.vendor),
    data_collector_ids: ids(filters.data_collector),
    importances: ids(filters.importance),
    tag_ids: ids(filters.tag),
    asset_type: filters.assetType ?? undefined,
    // Absent means the visible assets; only `true` asks for the hidden ones.
    hidden: filters.hidden ? true : undefined,
  };
}

/** `GET inventory/list` (paging style B, 1-based), as at the past time shown if any. */
export function getInventory(api: ApiClient, query: InventoryQuery): Observable<InventoryListAnswer> {
  return api.get<InventoryListAnswer>('inventory/list', {
    query: {
      ...inventoryFilterParams(query.filters),
      page: query.page + 1,
      size: query.size,
      order_by: orderByParam(query.sort),
      ...asOfQuery(),
    },
  });
}

export function getInventoryCount(
  api: ApiClient,
  grouping: InventoryGrouping,
  filters: InventoryFilters,
): Observable<CountEntry[]> {
  return api.get<CountEntry[]>(`inventory/count/${grouping}`, {
    query: { ...inventoryFilterParams(filters), ...asOfQuery() },
  });
}

export const getAssetInfo = (api: ApiClient, type: AssetType, id: number) =>
  api.get<AssetInfo>(`inventory/${type}/${id}`, { query: asOfQuery() });

export const searchAssets = (api: ApiClient, text: string) =>
  api.get<SearchAnswer>('assets/search', { query: { search_param: text, page: 1, size: 5, ...asOfQuery() } });

export const setImportance = (api: ApiClient, importance: Importance, assets: AssetRef[]) =>
  api.post<unknown>('inventory/set_importance', { importance, asset_list: assets });

export const setHiding = (api: ApiClient, hidden: boolean, assets: AssetRef[]) =>
  api.post<unknown>('inventory/set_hiding', { hidden, asset_list: assets });

export const getTags = (api: ApiClient) => api.get<Tag[]>('tags');

/** Name and colour travel in the query string, as the API expects (docs/api.md §11). */
export const createTag = (api: ApiClient, name: string, color: string) =>
  api.post<Tag>('tags', undefined, { query: { name, color } });

/** Deletes a label: it comes off every asset that carried it. */
export const deleteTag = (api: ApiClient, tagId: number) => api.delete<unknown>(`tags/${tagId}`);

export const assignTag = (api: ApiClient, tagId: number, assets: AssetRef[]) =>
  api.post<unknown>(`tags/${tagId}/assets`, { asset_list: assets });

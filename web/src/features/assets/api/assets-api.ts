import { EMPTY, expand, map, reduce, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import type { QueryParams } from '../../../lib/query-string';
import type {
  Asset360,
  AssetAlert,
  AssetAlertsPage,
  AssetIssuesPage,
  AssetType,
  InventoryPage,
  ResourceUsage,
  ResourceUsageList,
  TagCount,
} from '../types/asset-360';
import { ASSOCIATED_ASSETS_SIZE } from '../types/asset-view-constants';

/** The largest page the API serves. */
const MAX_PAGE_SIZE = 1000;

export interface CreatedRange {
  /** ISO-8601. */
  from: string;
  /** ISO-8601; null = up to now, so a quick range keeps taking live alerts in. */
  to: string | null;
}

function rangeParams(range: CreatedRange): QueryParams {
  return { 'created_at[gte]': range.from, 'created_at[lte]': range.to };
}

export function getAsset360(api: ApiClient, type: AssetType, id: string): Observable<Asset360> {
  return api.get<Asset360>(`inventory/${type}/${id}`);
}

export function getResourceUsage(api: ApiClient, type: AssetType, id: string): Observable<ResourceUsage> {
  return api.get<ResourceUsage>(`resource_usage/${type}/${id}`);
}

export interface AssetAlertsQuery {
  /** 1-based, as the API counts. */
  page: number;
  size: number;
  direction: 'ASC' | 'DESC';
  range: CreatedRange;
}

export function getAssetAlerts(
  api: ApiClient,
  type: AssetType,
  id: string,
  query: AssetAlertsQuery,
): Observable<AssetAlertsPage> {
  return api.get<AssetAlertsPage>(`inventory/${type}/${id}/alerts`, {
    query: {
      page: query.page,
      size: query.size,
      order_by: ['created_at', query.direction],
      ...rangeParams(query.range),
    },
  });
}

/**
 * The latest `quantity` alerts in the range, newest first; null = every one of them, read page by page (the
 * API serves at most 1000 per page).
 */
export function getLatestAssetAlerts(
  api: ApiClient,
  type: AssetType,
  id: string,
  range: CreatedRange,
  quantity: number | null,
): Observable<AssetAlert[]> {
  const size = quantity ?? MAX_PAGE_SIZE;
  const pageAt = (page: number) =>
    getAssetAlerts(api, type, id, { page, size, direction: 'DESC', range }).pipe(
      map((answer) => ({ page, answer })),
    );
  return pageAt(1).pipe(
    expand(({ page, answer }) => (quantity === null && page < answer.total_pages ? pageAt(page + 1) : EMPTY)),
    reduce<{ answer: AssetAlertsPage }, AssetAlert[]>((all, { answer }) => all.concat(answer.alerts), []),
  );
}

export function getAssetIssues(
  api: ApiClient,
  type: AssetType,
  id: string,
  page: number,
  size: number,
): Observable<AssetIssuesPage> {
  return api.get<AssetIssuesPage>(`inventory/${type}/${id}/issues`, {
    query: { page, size, order_by: ['since', 'DESC'] },
  });
}

/** The gateways that heard a device (`resource_usage/list` with `device_ids[]`). */
export function getConnectedGateways(api: ApiClient, deviceId: string): Observable<ResourceUsage[]> {
  return api
    .get<ResourceUsageList>('resource_usage/list', {
      query: { asset_type: 'gateway', device_ids: [deviceId], page: 1, size: ASSOCIATED_ASSETS_SIZE },
    })
    .pipe(map((answer) => answer.assets));
}

/** The devices a gateway heard, optionally only those carrying every label in `tagIds`. */
export function getGatewayDevices(
  api: ApiClient,
  gatewayId: string,
  tagIds: number[],
  page: number,
  size: number,
): Observable<InventoryPage> {
  return api.get<InventoryPage>('inventory/list', {
    query: {
      asset_type: 'device',
      gateway_ids: [gatewayId],
      tag_ids: tagIds.length > 0 ? tagIds : undefined,
      page,
      size,
    },
  });
}

/** The labels of the devices a gateway heard, with counts (the label filter's choices). */
export function getGatewayDeviceTags(api: ApiClient, gatewayId: string): Observable<TagCount[]> {
  return api.get<TagCount[]>('inventory/count/tag', {
    query: { asset_type: 'device', gateway_ids: [gatewayId] },
  });
}

import type { Tag } from '@lorawatch/contracts';
import type { AssetType } from '../../../lib/asset-type';
import type { Importance } from '../../../lib/levels';
import type { Sort } from '../../../lib/paging';

export type { AssetType };

/** The API's inventory rows and list answer (docs/api.md §10). */
export type { InventoryAsset, InventoryListAnswer, Tag } from '@lorawatch/contracts';

/** An entry of `GET inventory/count/*`: vendor ids may be null (no known vendor). */
export interface CountEntry {
  id: string | number | null;
  name: string | null;
  count: number;
  color?: string;
}

export const INVENTORY_GROUPINGS = ['vendor', 'data_collector', 'importance', 'tag'] as const;
export type InventoryGrouping = (typeof INVENTORY_GROUPINGS)[number];

/** A chart entry the user picked: `id` as the chart knows it, `label` for its chip. */
export interface Pick {
  id: string;
  label: string;
}

export interface InventoryFilters {
  vendor: Pick[];
  data_collector: Pick[];
  importance: Pick[];
  tag: Pick[];
  assetType: AssetType | null;
  /** true: the assets this user hid (SEE HIDDEN ASSETS). */
  hidden: boolean;
}

export const NO_INVENTORY_FILTERS: InventoryFilters = {
  vendor: [],
  data_collector: [],
  importance: [],
  tag: [],
  assetType: null,
  hidden: false,
};

export interface InventoryQuery {
  filters: InventoryFilters;
  /** 0-based. */
  page: number;
  size: number;
  sort: Sort | null;
}

/** Spec §9: inventory default order first_activity DESC. */
export const DEFAULT_INVENTORY_SORT: Sort = { field: 'first_activity', direction: 'DESC' };

/** The chart id standing for "no vendor" (the API's literal `null`). */
export const NO_VENDOR_ID = 'null';

/** `GET inventory/{type}/{id}`: the parts the detail modal shows. */
export interface AssetInfo {
  id: number;
  hex_id: string;
  dev_addr: string | null;
  type: AssetType;
  name: string | null;
  join_eui: string | null;
  data_collector: string | null;
  vendor: string | null;
  app_name: string | null;
  connected: boolean;
  last_activity: string | null;
  first_activity: string | null;
  location: { latitude: number | null; longitude: number | null } | null;
  importance: Importance;
  is_otaa?: boolean | null;
  tags: Tag[];
  gateway_locations: Array<
    Record<string, { name: string | null; hex_id: string; latitude: number | null; longitude: number | null }>
  > | null;
}

export interface SearchItem {
  id: number;
  hex_id: string;
  type: 'Device' | 'Gateway';
  name: string | null;
  vendor: string | null;
  data_collector: string | null;
  join_eui: string | null;
  connected: boolean;
}

export interface SearchAnswer {
  devices: { items: SearchItem[]; total_items: number };
  gateways: { items: SearchItem[]; total_items: number };
}

export interface AssetRef {
  asset_id: number;
  asset_type: AssetType;
}

export const assetTypeOf = (asset: { type: string }): AssetType =>
  asset.type.toLowerCase() === 'gateway' ? 'gateway' : 'device';

export const assetKey = (asset: { type: string; id: number }) => `${assetTypeOf(asset)}:${asset.id}`;

export const refOf = (asset: { type: string; id: number }): AssetRef => ({
  asset_id: asset.id,
  asset_type: assetTypeOf(asset),
});

export const assetViewPath = (asset: { type: string; id: number }) =>
  `/dashboard/assets/${assetTypeOf(asset)}/${asset.id}/view`;

import type { Importance } from './levels';

/** A tag as the asset lists show it. */
export interface Tag {
  id: number;
  name: string;
  color: string;
}

/** One row of `GET inventory/list` (docs/api.md §10); names are those the network server gave, null until one says. */
export interface InventoryAsset {
  id: number;
  hex_id: string;
  type: 'Device' | 'Gateway';
  name: string | null;
  data_collector: string | null;
  vendor: string | null;
  app_name: string | null;
  join_eui: string | null;
  importance: Importance;
  hidden: boolean;
  connected: boolean;
  /** Unix seconds. */
  last_activity: number | null;
  first_activity: number | null;
  /** Gateways only. */
  location: { latitude: number | null; longitude: number | null } | null;
  tags: Tag[];
}

/** `GET inventory/list`: paging style B (docs/api.md §10). */
export interface InventoryListAnswer {
  assets: InventoryAsset[];
  total_items: number;
  total_pages: number;
}

import type { AlertParameters, AlertType } from '../../../lib/alerts/alert';
import type { Importance } from '../../../lib/levels';

export const ASSET_TYPES = ['device', 'gateway'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export interface AssetTag {
  id: number;
  name: string;
  color: string;
}

/** `{ "<gatewayId>": {name, hex_id, latitude, longitude} }`: one per gateway hearing a device. */
export type GatewayLocationEntry = Record<
  string,
  { name: string | null; hex_id: string; latitude: number | null; longitude: number | null }
>;

/** `GET inventory/{type}/{id}` (docs/api.md §10). */
export interface Asset360 {
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
  /** DATE_FORMAT, e.g. `2021-03-01 12:34:56+0000`. */
  last_activity: string | null;
  first_activity: string | null;
  location: { latitude: number | null; longitude: number | null } | null;
  activity_freq: number | null;
  importance: Importance | null;
  npackets_up: number | null;
  npackets_down: number | null;
  npackets_lost: number | null;
  max_rssi: number | null;
  max_lsnr: number | null;
  is_otaa: boolean | null;
  tags: AssetTag[];
  gateway_locations: GatewayLocationEntry[] | null;
}

export interface PacketCounter {
  total: number;
  percentage: number | null;
}

/** `GET resource_usage/{type}/{id}` and the items of `resource_usage/list` (docs/api.md §13). */
export interface ResourceUsage {
  id: number;
  hex_id: string;
  dev_addr?: string | null;
  type: 'Device' | 'Gateway';
  name: string | null;
  connected: boolean;
  /** Unix seconds. */
  last_activity: number | null;
  activity_freq: number | null;
  packets_up: PacketCounter | null;
  packets_down: PacketCounter | null;
  packets_lost: PacketCounter | null;
  max_rssi: number | null;
  max_lsnr: number | null;
  payload_size: number | null;
  ngateways_connected_to: number | null;
}

export interface ResourceUsageList {
  assets: ResourceUsage[];
  total_items: number;
  total_pages: number;
}

/** An alert of `GET inventory/{type}/{id}/alerts`: the type is an object here, not a code. */
export interface AssetAlert {
  id: number;
  type: AlertType | null;
  created_at: string;
  device_id: number | null;
  gateway_id: number | null;
  data_collector_id: number;
  data_collector_name: string | null;
  parameters: AlertParameters;
  resolved_at: string | null;
  resolved_by_id: number | null;
  resolution_comment: string | null;
  asset_importance?: Importance | null;
}

export interface AssetAlertsPage {
  alerts: AssetAlert[];
  total_items: number;
  total_pages: number;
}

/** An open issue of `GET inventory/{type}/{id}/issues`. */
export interface AssetIssue {
  id: number;
  since: string;
  last_checked: string | null;
  alert: AssetAlert | null;
}

export interface AssetIssuesPage {
  issues: AssetIssue[];
  total_items: number;
  total_pages: number;
}

/** An item of `GET inventory/list`. */
export interface InventoryAsset {
  id: number;
  hex_id: string;
  type: 'Device' | 'Gateway';
  name: string | null;
  vendor: string | null;
  importance: Importance | null;
  connected: boolean;
  last_activity: number | null;
  tags: AssetTag[];
}

export interface InventoryPage {
  assets: InventoryAsset[];
  total_items: number;
  total_pages: number;
}

export interface TagCount {
  id: number;
  name: string;
  color: string;
  count: number;
}

import type { AssetType } from '../../../lib/asset-type';
import type { Sort } from '../../../lib/paging';

export type { AssetType };
export type AssetStatus = 'connected' | 'disconnected';

export interface PacketCounter {
  total: number;
  percentage: number | null;
  per_minute?: number;
  per_hour?: number;
  per_day?: number;
}

/** A row of `GET resource_usage/list` (docs/api.md §13); gateways carry null device figures. */
export interface UsageAsset {
  id: number;
  hex_id: string;
  dev_addr: string | null;
  type: 'Device' | 'Gateway';
  name: string | null;
  data_collector: string | null;
  app_name: string | null;
  connected: boolean;
  last_activity: number | null;
  activity_freq: number | null;
  is_regular?: boolean | null;
  packets_up: PacketCounter | null;
  packets_down: PacketCounter | null;
  packets_lost: PacketCounter | null;
  retransmissions: number | null;
  join_requests: number | null;
  failed_join_requests: number | null;
  max_rssi: number | null;
  max_lsnr: number | null;
  payload_size: number | null;
  ngateways_connected_to: number | null;
  spread_factor: number | null;
}

export interface UsageListAnswer {
  assets: UsageAsset[];
  total_items: number;
  total_pages: number;
}

export interface Packet {
  date: string;
  rssi: number | null;
  lsnr: number | null;
  gateway: string | null;
  gateway_id: number | null;
  mic?: string | null;
  f_count?: number | null;
  m_type?: string | null;
}

export interface UsageDetail extends UsageAsset {
  last_packets_list: Packet[] | null;
}

export interface CountGroup<I = unknown> {
  id: I;
  name: string;
  count: number;
}

export interface CountAnswer<I = unknown> {
  total_count: number;
  groups: CountGroup<I>[];
}

export const USAGE_GROUPINGS = ['status', 'gateway', 'signal', 'loss'] as const;
export type UsageGrouping = (typeof USAGE_GROUPINGS)[number];

/** [from, to]: dBm from -150 (-Inf) to 0, percent from 0 to 100. */
export type Range = [number, number];

export const SIGNAL_MIN = -150;
export const SIGNAL_MAX = 0;
export const FULL_SIGNAL: Range = [SIGNAL_MIN, SIGNAL_MAX];
export const FULL_LOSS: Range = [0, 100];

export interface NetworkFilters {
  status: AssetStatus | null;
  assetType: AssetType | null;
  /** Gateways picked on the BY GATEWAYS chart: id and EUI (the chip). */
  gateways: { id: string; label: string }[];
  dataCollectorIds: string[];
  packetLoss: Range;
  signal: Range;
}

export const NO_NETWORK_FILTERS: NetworkFilters = {
  status: null,
  assetType: null,
  gateways: [],
  dataCollectorIds: [],
  packetLoss: FULL_LOSS,
  signal: FULL_SIGNAL,
};

export interface NetworkQuery {
  filters: NetworkFilters;
  /** 0-based. */
  page: number;
  size: number;
  sort: Sort | null;
}

/** Spec §9: network overview default order activity_freq DESC. */
export const DEFAULT_NETWORK_SORT: Sort = { field: 'activity_freq', direction: 'DESC' };

export interface DataSourceOption {
  id: number;
  name: string;
}

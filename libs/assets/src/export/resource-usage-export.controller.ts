import { Controller, Get, Inject, Query, Res, UseFilters } from '@nestjs/common';
import { IntersectionType } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { ExportFormatQuery } from '@lorawatch/platform/export/export-format';
import type { ExportColumn } from '@lorawatch/platform/export/stream-export';
import { READ_STORE, type ReadStore, type Sort } from '@lorawatch/read-store/read-store.port';
import { OrderedQuery } from '../queries/shared/asset-filter.query';
import type { InventoryRow } from '../queries/shared/inventory-rows';
import { listType } from '../queries/shared/inventory.json';
import { matchesUsage, usageCriteria } from '../queries/resource-usage/resource-usage-filter';
import { ResourceUsageFilterQuery } from '../queries/resource-usage/resource-usage.query';
import { USAGE_ORDER_FIELDS, type UsageOrderField } from '../queries/resource-usage/usage-order';
import { usageJson } from '../queries/resource-usage/usage.json';
import { thenById } from './asset-export-rows';
import { streamAssetExport } from './stream-asset-export';

/** GET resource_usage/export: the network overview's filters and order, and the format. */
export class ExportResourceUsageQuery extends IntersectionType(
  ResourceUsageFilterQuery,
  OrderedQuery,
  ExportFormatQuery,
) {}

/** Store fields of the network overview's sortable columns (usage-order.ts). */
const STORE_FIELDS: Record<UsageOrderField, string> = {
  last_activity: 'lastActivity',
  npackets_lost: 'usage.packets_lost.total',
  activity_freq: 'usage.activity_freq',
  max_rssi: 'usage.max_rssi',
  max_lsnr: 'usage.max_lsnr',
  id: 'numericId',
  hex_id: 'hexId',
  connected: 'connected',
  npackets_up: 'usage.packets_up.total',
  npackets_down: 'usage.packets_down.total',
  payload_size: 'usage.payload_size',
  ngateways_connected_to: 'usage.ngateways_connected_to',
  spread_factor: 'usage.spread_factor',
};

/** Without an order: gateways first, connected first, then by id, as the list. */
function usageSort(order: { field: UsageOrderField; direction: 'asc' | 'desc' } | null): Sort {
  if (order === null)
    return thenById([
      ['type', 'desc'],
      ['connected', 'desc'],
    ]);
  return thenById([[STORE_FIELDS[order.field], order.direction]]);
}

/** A figure of the asset's usage (devices and gateways carry different ones; a missing one is blank). */
const figure = (row: InventoryRow, key: string): unknown =>
  (row.asset.usage as unknown as Record<string, unknown>)[key];
const scalar = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const total = (value: unknown): number | null =>
  typeof value === 'object' && value !== null ? scalar((value as { total?: unknown }).total) : null;

const USAGE_EXPORT_COLUMNS: readonly ExportColumn<InventoryRow>[] = [
  { header: 'id', value: (row) => row.asset.numericId },
  { header: 'hex_id', value: (row) => row.asset.hexId },
  { header: 'dev_addr', value: (row) => row.asset.devAddr },
  { header: 'type', value: (row) => listType(row.asset) },
  { header: 'name', value: (row) => row.asset.name ?? null },
  { header: 'data_collector', value: (row) => row.dataSourceName },
  { header: 'app_name', value: (row) => row.asset.applicationName ?? null },
  { header: 'connected', value: (row) => row.asset.connected },
  { header: 'last_activity', value: (row) => row.asset.lastActivity },
  { header: 'activity_freq', value: (row) => scalar(figure(row, 'activity_freq')) },
  { header: 'packets_up', value: (row) => total(figure(row, 'packets_up')) },
  { header: 'packets_down', value: (row) => total(figure(row, 'packets_down')) },
  { header: 'packets_lost', value: (row) => total(figure(row, 'packets_lost')) },
  { header: 'max_rssi', value: (row) => scalar(figure(row, 'max_rssi')) },
  { header: 'max_lsnr', value: (row) => scalar(figure(row, 'max_lsnr')) },
  { header: 'payload_size', value: (row) => scalar(figure(row, 'payload_size')) },
  { header: 'ngateways_connected_to', value: (row) => scalar(figure(row, 'ngateways_connected_to')) },
  { header: 'spread_factor', value: (row) => scalar(figure(row, 'spread_factor')) },
];

/** The network overview (resource usage) as a file (docs/api.md, Exports). */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ResourceUsageExportController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('resource_usage/export')
  async exportResourceUsage(
    @CurrentUser() user: AuthUser,
    @Query() query: ExportResourceUsageQuery,
    @Res() response: Response,
  ): Promise<void> {
    await streamAssetExport(this.store, user, query, response, {
      name: 'network-overview',
      orderFields: USAGE_ORDER_FIELDS,
      criteria: (store, organizationId) => usageCriteria(store, organizationId, query),
      matches: matchesUsage,
      walk: (order) => ({ sort: usageSort(order) }),
      columns: USAGE_EXPORT_COLUMNS,
      json: usageJson,
    });
  }
}

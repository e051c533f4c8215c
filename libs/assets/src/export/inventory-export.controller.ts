import { Controller, Get, Inject, Query, Res, UseFilters } from '@nestjs/common';
import { IntersectionType } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { ExportFormatQuery } from '@lorawatch/platform/export/export-format';
import type { ExportColumn } from '@lorawatch/platform/export/stream-export';
import { READ_STORE, type ReadStore, type Sort } from '@lorawatch/read-store/read-store.port';
import { INVENTORY_ORDER_FIELDS, type InventoryOrderField } from '../queries/list-inventory/inventory-order';
import { InventoryFilterQuery, OrderedQuery } from '../queries/shared/asset-filter.query';
import { inventoryCriteria, matchesInventory } from '../queries/shared/inventory-filter';
import { inventoryJson, listType } from '../queries/shared/inventory.json';
import type { InventoryRow } from '../queries/shared/inventory-rows';
import { thenById, type AssetWalk } from './asset-export-rows';
import { streamAssetExport } from './stream-asset-export';

/** GET inventory/export: the list's filters and order, and the format. */
export class ExportInventoryQuery extends IntersectionType(
  InventoryFilterQuery,
  OrderedQuery,
  ExportFormatQuery,
) {}

/** Store fields of the inventory's sortable columns; `importance` lives elsewhere and keeps the id order. */
const STORE_FIELDS: Partial<Record<InventoryOrderField, string>> = {
  id: 'numericId',
  hex_id: 'hexId',
  type: 'type',
  vendor: 'vendor',
  join_eui: 'joinEui',
  connected: 'connected',
  last_activity: 'lastActivity',
  first_activity: 'firstActivity',
};

/** Without an order, gateways first ("gateway" sorts after "device"), then by id, as the list. */
function inventoryWalk(order: { field: InventoryOrderField; direction: 'asc' | 'desc' } | null): AssetWalk {
  if (order === null) return { sort: thenById([['type', 'desc']]) };
  if (order.field === 'data_collector') return { sort: thenById([]), byDataSourceName: order.direction };
  const field = STORE_FIELDS[order.field];
  return { sort: thenById(field === undefined ? [] : ([[field, order.direction]] satisfies Sort)) };
}

const INVENTORY_EXPORT_COLUMNS: readonly ExportColumn<InventoryRow>[] = [
  { header: 'id', value: (row) => row.asset.numericId },
  { header: 'hex_id', value: (row) => row.asset.hexId },
  { header: 'type', value: (row) => listType(row.asset) },
  { header: 'name', value: (row) => row.asset.name ?? null },
  { header: 'data_collector', value: (row) => row.dataSourceName },
  { header: 'vendor', value: (row) => row.asset.vendor },
  { header: 'app_name', value: (row) => row.asset.applicationName ?? null },
  { header: 'dev_addr', value: (row) => row.asset.devAddr },
  { header: 'join_eui', value: (row) => row.asset.joinEui },
  { header: 'importance', value: (row) => row.importance },
  { header: 'labels', value: (row) => row.tags.map((tag) => tag.name).join('; ') },
  { header: 'connected', value: (row) => row.asset.connected },
  { header: 'last_activity', value: (row) => row.asset.lastActivity },
  { header: 'first_activity', value: (row) => row.asset.firstActivity },
  { header: 'latitude', value: (row) => row.asset.latitude },
  { header: 'longitude', value: (row) => row.asset.longitude },
];

/** The inventory as a file (docs/api.md, Exports). */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class InventoryExportController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('inventory/export')
  async exportInventory(
    @CurrentUser() user: AuthUser,
    @Query() query: ExportInventoryQuery,
    @Res() response: Response,
  ): Promise<void> {
    await streamAssetExport(this.store, user, query, response, {
      name: 'inventory',
      orderFields: INVENTORY_ORDER_FIELDS,
      criteria: (store, organizationId) => inventoryCriteria(store, organizationId, query),
      matches: matchesInventory,
      walk: inventoryWalk,
      columns: INVENTORY_EXPORT_COLUMNS,
      json: inventoryJson,
    });
  }
}

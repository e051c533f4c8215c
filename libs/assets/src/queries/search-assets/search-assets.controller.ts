import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { requireMember } from '../../require-member';
import { gatewayKeys, searchText, touchesGateways } from '../shared/inventory-filter';
import { listType } from '../shared/inventory.json';
import { inventoryRows, type InventoryRow } from '../shared/inventory-rows';
import { compareBy, pageOf } from '../shared/paging';
import { SearchAssetsQuery } from './search-assets.query';

/** The inventory's search box (docs/api.md §14): devices and gateways apart, each paged. */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class SearchAssetsController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  @Get('assets/search')
  async searchAssets(@CurrentUser() user: AuthUser, @Query() query: SearchAssetsQuery) {
    requireMember(user);
    const term = query.search_param?.trim().toLowerCase() ?? '';
    const store = await this.asOf.readStore(query.as_of, this.store);
    const rows = (await inventoryRows(store, { organizationId: user.organizationId, userId: user.userId }))
      .filter((row) => searchText(row).includes(term))
      .sort(compareBy((row) => row.asset.numericId, 'asc'));
    const gateways = query.gateway_ids
      ? await gatewayKeys(store, user.organizationId, query.gateway_ids)
      : undefined;
    // The filters narrow the items; the id lists (used to step through results) take the search term alone.
    const narrowed = rows.filter((row) => {
      const { asset } = row;
      if (query.asset_status && asset.connected !== (query.asset_status === 'connected')) return false;
      if (query.data_collector_ids && !query.data_collector_ids.includes(asset.dataSourceId)) return false;
      if (gateways && !touchesGateways(asset, gateways)) return false;
      if (query.tag_ids && !query.tag_ids.every((id) => row.tags.some((tag) => tag.tagId === id)))
        return false;
      return true;
    });
    const section = (type: 'device' | 'gateway') => {
      const items = pageOf(
        narrowed.filter((row) => row.asset.type === type),
        query.page ?? 1,
        query.size ?? 3,
      );
      const ids = pageOf(
        rows.filter((row) => row.asset.type === type),
        query.page_ids ?? 1,
        query.size_ids ?? 20,
      );
      return {
        items: items.items.map(searchJson),
        items_ids: ids.items.map((row) => row.asset.numericId),
        total_pages: items.total_pages,
        total_items: items.total_items,
      };
    };
    return { devices: section('device'), gateways: section('gateway') };
  }
}

function searchJson(row: InventoryRow) {
  const { asset } = row;
  return {
    id: asset.numericId,
    hex_id: asset.hexId,
    type: listType(asset),
    join_eui: asset.joinEui,
    name: asset.name ?? null,
    location_latitude: asset.latitude,
    location_longitude: asset.longitude,
    app_name: asset.applicationName ?? null,
    data_collector: row.dataSourceName,
    vendor: asset.vendor,
    connected: asset.connected,
  };
}

import { Controller, Get, Inject, Param, Query, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { badRequest } from '@lorawatch/platform/http-errors';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { ALERTS, SHOWN, type AlertView } from '@lorawatch/domain/alert.view';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type Filter, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { requireMember } from '../../require-member';
import { alertOfAsset } from '../shared/alert-of-asset';
import { attributesOf } from '../shared/asset-attributes';
import { AssetAlertsQuery } from '../shared/asset-history.query';
import { dateCondition } from '../shared/date-range';
import { ownAsset } from '../shared/own-asset';
import { compareBy, pageOf, parseOrder, thenBy } from '../shared/paging';
import { alertsOfAssetFilter, isAbout } from './asset-of-alert';

const ALERT_ORDER = ['created_at', 'id', 'type', 'resolved_at'] as const;
const ALERT_KEYS = {
  created_at: (alert: AlertView) => alert.createdAt,
  id: (alert: AlertView) => alert.numericId,
  type: (alert: AlertView) => alert.code,
  resolved_at: (alert: AlertView) => alert.resolvedAt,
};

/** An asset's alerts for the 360° view (docs/api.md §10), newest first by default. */
@ApiTags('AssetHistory')
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class AssetAlertsController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  @Get('inventory/:asset_type/:id/alerts')
  async listAssetAlerts(
    @CurrentUser() user: AuthUser,
    @Param('asset_type') type: string,
    @Param('id') id: string,
    @Query() query: AssetAlertsQuery,
  ) {
    requireMember(user);
    const order = parseOrder(query.order_by, ALERT_ORDER);
    if (order !== null && 'error' in order) throw badRequest(order.error);
    const store = await this.asOf.readStore(query.as_of, this.store);
    const asset = await ownAsset(store, user.organizationId, type, id);
    const filter: Filter = { ...alertsOfAssetFilter(asset), show: SHOWN };
    const created = dateCondition(query.created_at);
    if (created) filter.createdAt = created;
    if (query.type) filter.code = { $in: query.type };
    if (query.risk) filter.risk = { $in: query.risk };
    if (query.resolved !== undefined) filter.resolved = query.resolved;
    const { field, direction } = order ?? { field: 'created_at' as const, direction: 'desc' as const };
    const alerts = (await store.collection<AlertView>(ALERTS).find(filter))
      .filter((alert) => isAbout(alert, asset))
      .sort(thenBy(compareBy(ALERT_KEYS[field], direction), compareBy(ALERT_KEYS.id, direction)));
    const { dataSourceName, importance } = await attributesOf(store, asset);
    const page = pageOf(alerts, query.page ?? 1, query.size ?? 20);
    return {
      alerts: page.items.map((alert) => ({
        ...alertOfAsset(alert, asset, dataSourceName),
        asset_importance: importance,
      })),
      total_pages: page.total_pages,
      total_items: page.total_items,
    };
  }
}

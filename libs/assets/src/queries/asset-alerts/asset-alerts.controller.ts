import { Controller, Get, Inject, Param, Query, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { AssetAlertsQuery } from '../shared/asset-history.query';
import { listAssetAlerts } from './asset-alerts.read';

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
  listAssetAlerts(
    @CurrentUser() user: AuthUser,
    @Param('asset_type') type: string,
    @Param('id') id: string,
    @Query() query: AssetAlertsQuery,
  ) {
    return listAssetAlerts(this.store, this.asOf, user, type, id, query);
  }
}

import { Controller, Get, Inject, Param, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { AsOfQuery } from '../shared/as-of.query';
import { getAsset360 } from './asset-360.read';

/** The asset 360° view's summary (docs/api.md §10). */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class Asset360Controller {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  @Get('inventory/:asset_type/:id')
  getAsset360(
    @CurrentUser() user: AuthUser,
    @Param('asset_type') type: string,
    @Param('id') id: string,
    @Query() query: AsOfQuery,
  ) {
    return getAsset360(this.store, this.asOf, user, type, id, query);
  }
}

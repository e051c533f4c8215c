import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { SearchAssetsQuery } from './search-assets.query';
import { searchAssets } from './search-assets.read';

/** The inventory's search box (docs/api.md §14): devices and gateways apart, each paged. */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class SearchAssetsController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  @Get('assets/search')
  searchAssets(@CurrentUser() user: AuthUser, @Query() query: SearchAssetsQuery) {
    return searchAssets(this.store, this.asOf, user, query);
  }
}

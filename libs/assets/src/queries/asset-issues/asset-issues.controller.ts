import { Controller, Get, Inject, Param, Query, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ASSET_ISSUES, type AssetIssues } from '../asset-alerts/asset-issues.port';
import { AssetIssuesQuery } from '../shared/asset-history.query';
import { listAssetIssues } from './asset-issues.read';

/** An asset's open issues for the 360° view (docs/api.md §10), newest first by default. */
@ApiTags('AssetHistory')
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class AssetIssuesController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
    @Inject(ASSET_ISSUES) private readonly assetIssues: AssetIssues,
  ) {}

  @Get('inventory/:asset_type/:id/issues')
  listAssetIssues(
    @CurrentUser() user: AuthUser,
    @Param('asset_type') type: string,
    @Param('id') id: string,
    @Query() query: AssetIssuesQuery,
  ) {
    return listAssetIssues(this.store, this.asOf, this.assetIssues, user, type, id, query);
  }
}

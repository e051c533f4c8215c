import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { countIssues } from './count-issues.read';
import { CountIssuesQuery } from './count-issues.query';

/** Counts of current issues for the pie filters (docs/api.md §7). */
@ApiTags('CountIssues')
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class CountIssuesController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  @Get('quarantined_devices/count')
  countIssues(@CurrentUser() user: AuthUser, @Query() query: CountIssuesQuery) {
    return countIssues(this.store, this.asOf, user, query);
  }
}

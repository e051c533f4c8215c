import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { listIssues } from './list-issues.read';
import { ListIssuesQuery } from './list-issues.query';

/** Current issues (docs/api.md §7): a bare list, newest first by default. */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ListIssuesController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  @Get('quarantined_devices')
  listIssues(@CurrentUser() user: AuthUser, @Query() query: ListIssuesQuery) {
    return listIssues(this.store, this.asOf, user, query);
  }
}

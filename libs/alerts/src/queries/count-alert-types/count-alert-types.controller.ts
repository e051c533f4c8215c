import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { AlertTypesCountQuery } from './count-alert-types.query';
import { countAlertTypes } from './count-alert-types.read';

/** The alert types with their counts (docs/api.md §6), for every member of the organization. */
@ApiTags('Alerts')
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class CountAlertTypesController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  /** Every alert type with how many visible alerts of it match; 0 when none. */
  @Get('alert_types/count')
  countAlertTypes(@CurrentUser() user: AuthUser, @Query() query: AlertTypesCountQuery) {
    return countAlertTypes(this.store, this.asOf, user, query);
  }
}

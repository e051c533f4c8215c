import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ListAlertsQuery } from '../alerts.query';
import { listAlerts } from './list-alerts.read';

/** Alert lists (docs/api.md §6), for every member of the organization. */
@ApiTags('Alerts')
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ListAlertsController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  /** A bare list (docs/api.md §6): totals come from alerts/count?group_by=TOTAL. `page` is 0-based. */
  @Get('alerts')
  listAlerts(@CurrentUser() user: AuthUser, @Query() query: ListAlertsQuery) {
    return listAlerts(this.store, this.asOf, user, query);
  }
}

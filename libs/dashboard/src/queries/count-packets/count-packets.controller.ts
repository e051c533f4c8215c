import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { CountPacketsQuery } from './count-packets.query';
import { countPackets } from './count-packets.read';

/** The MESSAGES chart (docs/api.md §5): packets per hour or per day, newest first, only non-empty buckets. */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class CountPacketsController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  @Get('packets/count')
  countPackets(@CurrentUser() user: AuthUser, @Query() query: CountPacketsQuery) {
    return countPackets(this.store, this.asOf, user, query);
  }
}

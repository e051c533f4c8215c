import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ListPacketsQuery } from './list-packets.query';
import { listPackets } from './list-packets.read';

/**
 * The organization's recent packets, newest first (docs/api.md §5): a bare list, `page` 0-based, no totals.
 * It reads the recent-packets ring (the newest 1000 packets of each data source), see recent-packets.ts.
 */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ListPacketsController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('packets')
  listPackets(@CurrentUser() user: AuthUser, @Query() query: ListPacketsQuery) {
    return listPackets(this.store, user, query);
  }
}

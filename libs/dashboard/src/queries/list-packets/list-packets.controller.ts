import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { timeWindow } from '@lorawatch/alerts';
import { READ_STORE, type Filter, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { RECENT_PACKETS, type RecentPacket } from '../../traffic/recent-packets';
import { offsetPaging } from '../traffic-query';
import { packetJson } from '../traffic-json';
import { ListPacketsQuery } from './list-packets.query';

/**
 * The organization's recent packets, newest first (docs/api.md §5): a bare list, `page` 0-based, no totals.
 * It reads the recent-packets ring (the newest 1000 packets of each data source), see recent-packets.ts.
 */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ListPacketsController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('packets')
  async listPackets(@CurrentUser() user: AuthUser, @Query() query: ListPacketsQuery) {
    const window = timeWindow(query.date, 'date');
    const filter: Filter = { organizationId: user.organizationId };
    if (window.gte !== undefined || window.lte !== undefined) {
      filter.date = {
        ...(window.gte !== undefined ? { $gte: window.gte } : {}),
        ...(window.lte !== undefined ? { $lte: window.lte } : {}),
      };
    }
    const packets = await this.store.collection<RecentPacket>(RECENT_PACKETS).find(filter, {
      sort: [
        ['date', 'desc'],
        ['sequence', 'desc'],
      ],
      ...offsetPaging(query),
    });
    return packets.map((recent) => packetJson(recent.packet));
  }
}

import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { PageQuery } from '@lorawatch/platform/query-params';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { listPolicies } from './list-policies.read';

@ApiTags('policies')
@ApiBearerAuth()
@Controller('api/v1.0')
export class ListPoliciesController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  /** Own and global policies by id, a bare list with paging headers (docs/api.md §8, §1.6 A). */
  @Get('policies')
  @ApiResponse({ status: 200, description: 'Policies; totals in the total-items and total-pages headers' })
  async listPolicies(
    @CurrentUser() user: AuthUser,
    @Query() query: PageQuery,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { items, total, pages } = await listPolicies(this.store, user, query);
    response.setHeader('total-items', String(total));
    response.setHeader('total-pages', String(pages));
    return items;
  }
}

import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { PageQuery } from '@lorawatch/platform/query-params';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { POLICIES, type PolicyView } from '../../policy.view';
import { policyJson } from '../shared/policy.json';

const DEFAULT_PAGE_SIZE = 20;

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
    const page = query.page ?? 1;
    const size = query.size ?? DEFAULT_PAGE_SIZE;
    const visible = { $or: [{ organizationId: user.organizationId }, { organizationId: null }] };
    const policies = this.store.collection<PolicyView>(POLICIES);
    const [items, total, sources] = await Promise.all([
      policies.find(visible, { sort: [['policyId', 'asc']], skip: (page - 1) * size, limit: size }),
      policies.count(visible),
      this.store
        .collection<DataSourceView>(DATA_SOURCES)
        .find({ organizationId: user.organizationId, deleted: false }),
    ]);
    response.setHeader('total-items', String(total));
    response.setHeader('total-pages', String(Math.ceil(total / size)));
    return items.map((policy) => policyJson(policy, sources));
  }
}

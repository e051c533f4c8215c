import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import { CurrentUser } from '@lorawatch/accounts/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/accounts/auth/token.service';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/data-sources/projection/data-source.view';
import { PageQuery } from '@lorawatch/platform/query-params';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { POLICIES, type PolicyView } from './policy.view';

@Controller('api/v1.0')
export class PoliciesController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  /** Own and global policies, a bare list with paging headers (api-reference §8). */
  @Get('policies')
  async list(
    @CurrentUser() user: AuthUser,
    @Query() query: PageQuery,
    @Res({ passthrough: true }) response: Response,
  ) {
    const page = query.page ?? 1;
    const size = query.size ?? 20;
    const filter = { $or: [{ organizationId: user.organizationId }, { organizationId: null }] };
    const policies = this.store.collection<PolicyView>(POLICIES);
    const [items, total, sources] = await Promise.all([
      policies.find(filter, { sort: [['policyId', 'asc']], skip: (page - 1) * size, limit: size }),
      policies.count(filter),
      this.store
        .collection<DataSourceView>(DATA_SOURCES)
        .find({ organizationId: user.organizationId, deleted: false }),
    ]);
    response.setHeader('total-items', String(total));
    response.setHeader('total-pages', String(Math.ceil(total / size)));
    return items.map((policy) => ({
      id: policy.policyId,
      name: policy.name,
      isDefault: policy.isDefault,
      organizationId: policy.organizationId,
      items: policy.items.map((item, index) => ({
        id: index + 1,
        enabled: item.enabled,
        parameters: item.parameters,
        alertTypeCode: item.alertTypeCode,
        alertType: alertTypeByCode(item.alertTypeCode) ?? null,
      })),
      dataCollectors: sources
        .filter((source) => source.policyId === policy.policyId)
        .map((source) => ({ id: source.dataSourceId, name: source.name })),
    }));
  }
}

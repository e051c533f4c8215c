import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ISSUES, type IssueView } from '../../projection/issue.view';
import { dataSourceNames, issueFilter } from '../issue-filter';
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
  async countIssues(@CurrentUser() user: AuthUser, @Query() query: CountIssuesQuery) {
    const store = await this.asOf.readStore(query.as_of, this.store);
    const issues = store.collection<IssueView>(ISSUES);
    const filter = await issueFilter(store, user.organizationId, query);
    switch (query.group_by) {
      case undefined:
        return { count: await issues.count(filter) };
      case 'alert_type_name':
        return (await issues.countBy('code', filter)).map(({ value, count }) => {
          const type = alertTypeByCode(String(value));
          return { alert_type_id: type?.id ?? null, alert_type_name: type?.name ?? String(value), count };
        });
      case 'alert_type_risk':
        return (await issues.countBy('risk', filter)).map(({ value, count }) => ({
          alert_type_risk: value,
          count,
        }));
      case 'data_collector_name': {
        const names = await dataSourceNames(store, user.organizationId);
        return (await issues.countBy('dataSourceId', filter)).map(({ value, count }) => ({
          data_collector_id: value,
          data_collector_name: names.get(Number(value)) ?? null,
          count,
        }));
      }
    }
  }
}

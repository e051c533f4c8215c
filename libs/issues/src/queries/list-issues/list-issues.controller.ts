import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { badRequest } from '@lorawatch/platform/http-errors';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { ALERTS, type AlertView } from '@lorawatch/domain/alert.view';
import { parseOrderBy } from '@lorawatch/platform/query-params';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ISSUES, type IssueView } from '../../projection/issue.view';
import { dataSourceNames, issueFilter } from '../issue-filter';
import { issueJson } from '../issue.json';
import { ListIssuesQuery } from './list-issues.query';

const SORTABLE: Record<string, string> = {
  id: 'numericId',
  since: 'since',
  last_checked: 'lastChecked',
  device_id: 'device',
  data_collector_id: 'dataSourceId',
};

/** Current issues (docs/api.md §7): a bare list, newest first by default. */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class ListIssuesController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  @Get('quarantined_devices')
  async listIssues(@CurrentUser() user: AuthUser, @Query() query: ListIssuesQuery) {
    const sort = parseOrderBy(query.order_by, SORTABLE, ['since', 'desc']);
    if ('error' in sort) throw badRequest(sort.error);
    const paging =
      query.page !== undefined && query.size !== undefined
        ? { skip: (query.page - 1) * query.size, limit: query.size }
        : {};
    const store = await this.asOf.readStore(query.as_of, this.store);
    const filter = await issueFilter(store, user.organizationId, query);
    const issues = await store
      .collection<IssueView>(ISSUES)
      // numericId breaks ties; the document id (as unique) in the same direction lets the index be read one way.
      .find(filter, { sort: [sort, ['numericId', sort[1]], ['id', sort[1]]], ...paging });
    const alerts = await store
      .collection<AlertView>(ALERTS)
      .find({ id: { $in: issues.map((issue) => issue.alertId) } });
    const alertById = new Map(alerts.map((alert) => [alert.id, alert]));
    const names = await dataSourceNames(store, user.organizationId);
    return issues.map((issue) =>
      issueJson(issue, alertById.get(issue.alertId) ?? null, names.get(issue.dataSourceId) ?? null),
    );
  }
}

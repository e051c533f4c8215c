import { Controller, Get, Inject, Query, Res, UseFilters } from '@nestjs/common';
import { IntersectionType } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import type { Response } from 'express';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { badRequest } from '@lorawatch/platform/http-errors';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { ALERTS, type AlertView } from '@lorawatch/domain/alert.view';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import { ExportFormatQuery } from '@lorawatch/platform/export/export-format';
import { keysetPages, mapChunks } from '@lorawatch/platform/export/keyset-pages';
import { streamExport, type ExportColumn } from '@lorawatch/platform/export/stream-export';
import { parseOrderBy } from '@lorawatch/platform/query-params';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ISSUES, type IssueView } from '../projection/issue.view';
import { dataSourceNames, issueFilter } from '../queries/issue-filter';
import { IssueFilterQuery } from '../queries/issue-filter.query';
import { issueJson } from '../queries/issue.json';

/** GET quarantined_devices/export: the list's filters and order, and the format. */
export class ExportIssuesQuery extends IntersectionType(IssueFilterQuery, ExportFormatQuery) {
  /** `[column, ASC|DESC]`, the columns of the list. */
  @IsOptional()
  order_by?: string[] | string;
}

/** The list's sortable columns (GET quarantined_devices, docs/api.md §7). */
const SORTABLE: Record<string, string> = {
  id: 'numericId',
  since: 'since',
  last_checked: 'lastChecked',
  device_id: 'device',
  data_collector_id: 'dataSourceId',
};

interface IssueExportRow {
  issue: IssueView;
  alert: AlertView | null;
  dataSourceName: string | null;
}

const ISSUE_EXPORT_COLUMNS: readonly ExportColumn<IssueExportRow>[] = [
  { header: 'id', value: (row) => row.issue.numericId },
  { header: 'type', value: (row) => row.issue.code },
  { header: 'description', value: (row) => alertTypeByCode(row.issue.code)?.name ?? row.issue.code },
  { header: 'risk', value: (row) => row.issue.risk },
  { header: 'asset_type', value: (row) => row.issue.asset.type },
  { header: 'dev_eui', value: (row) => row.issue.asset.devEui },
  { header: 'dev_addr', value: (row) => row.issue.asset.devAddr },
  { header: 'gateway_eui', value: (row) => row.issue.asset.gateway },
  { header: 'asset_importance', value: (row) => row.issue.assetImportance },
  { header: 'data_collector_id', value: (row) => row.issue.dataSourceId },
  { header: 'data_collector_name', value: (row) => row.dataSourceName },
  { header: 'since', value: (row) => row.issue.since },
  { header: 'last_checked', value: (row) => row.issue.lastChecked },
  { header: 'alert_id', value: (row) => row.alert?.numericId ?? null },
];

/** Current issues as a file (docs/api.md, Exports), read a chunk at a time with each chunk's opening alerts. */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class IssuesExportController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('quarantined_devices/export')
  async exportIssues(
    @CurrentUser() user: AuthUser,
    @Query() query: ExportIssuesQuery,
    @Res() response: Response,
  ): Promise<void> {
    const order = parseOrderBy(query.order_by, SORTABLE, ['since', 'desc']);
    if ('error' in order) throw badRequest(order.error);
    const filter = await issueFilter(this.store, user.organizationId, query);
    const names = await dataSourceNames(this.store, user.organizationId);
    const alerts = this.store.collection<AlertView>(ALERTS);
    const issues = keysetPages(this.store.collection<IssueView>(ISSUES), filter, [
      order,
      ['numericId', order[1]],
      ['id', order[1]],
    ]);
    const chunks = mapChunks(issues, async (chunk) => {
      const opening = await alerts.find({ id: { $in: chunk.map((issue) => issue.alertId) } });
      const alertById = new Map(opening.map((alert) => [alert.id, alert]));
      return chunk.map((issue) => ({
        issue,
        alert: alertById.get(issue.alertId) ?? null,
        dataSourceName: names.get(issue.dataSourceId) ?? null,
      }));
    });
    await streamExport(response, {
      format: query.format,
      name: 'current-issues',
      columns: ISSUE_EXPORT_COLUMNS,
      json: (row) => issueJson(row.issue, row.alert, row.dataSourceName),
      chunks,
    });
  }
}

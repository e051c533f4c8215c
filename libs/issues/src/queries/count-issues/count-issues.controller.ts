import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/accounts/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/accounts/auth/token.service';
import { SpecValidationFilter } from '@lorawatch/alerts/http/spec-validation.filter';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ISSUES, type IssueView } from '../../projection/issue.view';
import { dataSourceNames, issueFilter } from '../issue-filter';
import { CountIssueDevicesQuery, CountIssuesQuery } from './count-issues.query';

/** Counts of current issues for the pie filters and the DEVICES tile and chart (docs/api.md §7). */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class CountIssuesController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('quarantined_devices/count')
  async count(@CurrentUser() user: AuthUser, @Query() query: CountIssuesQuery) {
    const issues = this.store.collection<IssueView>(ISSUES);
    const filter = await issueFilter(this.store, user.organizationId, query);
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
        const names = await dataSourceNames(this.store, user.organizationId);
        return (await issues.countBy('dataSourceId', filter)).map(({ value, count }) => ({
          data_collector_id: value,
          data_collector_name: names.get(Number(value)) ?? null,
          count,
        }));
      }
    }
  }

  /** Distinct devices with an open issue; gateway issues name no device. Buckets on `since`, oldest first. */
  @Get('quarantined_devices/devices_count')
  async devicesCount(@CurrentUser() user: AuthUser, @Query() query: CountIssueDevicesQuery) {
    const filter = await issueFilter(this.store, user.organizationId, query);
    const issues = await this.store.collection<IssueView>(ISSUES).find({ ...filter, device: { $ne: null } });
    const deviceOf = (issue: IssueView) => `${issue.dataSourceId}:${issue.device}`;
    if (query.group_by === undefined) return { count: new Set(issues.map(deviceOf)).size };
    const hourly = query.group_by === 'HOUR';
    const buckets = new Map<string, Set<string>>();
    for (const issue of issues) {
      const since = new Date(issue.since).toISOString();
      const bucket = hourly ? `${since.slice(0, 13)}:00:00.000Z` : since.slice(0, 10);
      buckets.set(bucket, (buckets.get(bucket) ?? new Set()).add(deviceOf(issue)));
    }
    return [...buckets.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([bucket, devices]) =>
        hourly ? { hour: bucket, count: devices.size } : { date: bucket, count: devices.size },
      );
  }
}

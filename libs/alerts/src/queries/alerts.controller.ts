import { BadRequestException, Controller, Get, Inject, Query } from '@nestjs/common';
import { ALERT_CATALOGUE } from '@lorawatch/domain/alert-catalogue';
import { RISKS, riskRank, type Risk } from '@lorawatch/domain/risk';
import { CurrentUser } from '@lorawatch/accounts/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/accounts/auth/token.service';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/data-sources/projection/data-source.view';
import { parseOrderBy } from '@lorawatch/platform/query-params';
import { READ_STORE, type Filter, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ALERTS, SHOWN, type AlertView } from '../projection/alert.view';
import { alertJson, alertTypeJson } from './alert.json';
import { type AlertFilterQuery, CountAlertsQuery, ListAlertsQuery } from './alerts.query';

const SORTABLE: Record<string, string> = {
  created_at: 'createdAt',
  id: 'numericId',
  type: 'code',
  risk: 'risk',
  resolved_at: 'resolvedAt',
};

@Controller('api/v1.0')
export class AlertsController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('alert_types')
  alertTypes() {
    return ALERT_CATALOGUE.map(alertTypeJson);
  }

  /** A bare list (api-reference §6): totals come from alerts/count?group_by=TOTAL. `page` is 0-based. */
  @Get('alerts')
  async list(@CurrentUser() user: AuthUser, @Query() query: ListAlertsQuery) {
    const sort = parseOrderBy(query.order_by, SORTABLE, ['createdAt', 'desc']);
    if ('error' in sort) throw new BadRequestException({ error: sort.error, message: sort.error });
    const size = query.size ?? 20;
    const paging = query.page === undefined ? {} : { skip: query.page * size, limit: size };
    const alerts = await this.store
      .collection<AlertView>(ALERTS)
      .find(alertFilter(user.organizationId, query), { sort: [sort, ['numericId', sort[1]]], ...paging });
    const names = await this.dataSourceNames(user.organizationId);
    return alerts.map((alert) =>
      alertJson(alert, names.get(alert.dataSourceId) ?? null, query.include_parameters === true),
    );
  }

  @Get('alerts/count')
  async count(@CurrentUser() user: AuthUser, @Query() query: CountAlertsQuery) {
    const alerts = this.store.collection<AlertView>(ALERTS);
    const filter = alertFilter(user.organizationId, query);
    if (query.group_by === 'TOTAL') return { count: await alerts.count(filter) };
    const bucket = query.group_by === 'HOUR' ? 'hour' : 'day';
    const perRisk = await Promise.all(
      RISKS.map((risk) =>
        alerts.countByTime('createdAt', bucket, { ...filter, risk: riskFilter(filter, risk) }),
      ),
    );
    const buckets = new Map<string, { count: number; risk: Risk | null }>();
    perRisk.forEach((rows, index) => {
      for (const row of rows) {
        const entry = buckets.get(row.bucket) ?? { count: 0, risk: null };
        entry.count += row.count;
        if (row.count > 0 && (entry.risk === null || riskRank(RISKS[index]) > riskRank(entry.risk)))
          entry.risk = RISKS[index];
        buckets.set(row.bucket, entry);
      }
    });
    return [...buckets.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, entry]) => (bucket === 'hour' ? { hour: key, ...entry } : { date: key, ...entry }));
  }

  private async dataSourceNames(organizationId: number): Promise<Map<number, string>> {
    const sources = await this.store.collection<DataSourceView>(DATA_SOURCES).find({ organizationId });
    return new Map(sources.map((source) => [source.dataSourceId, source.name]));
  }
}

/** Restricts a per-risk count to `risk` while keeping any risk filter the caller gave. */
function riskFilter(filter: Filter, risk: Risk): Filter[string] {
  const given = filter.risk;
  if (given && typeof given === 'object' && '$in' in given && !given.$in?.includes(risk)) return { $in: [] };
  return risk;
}

export function alertFilter(organizationId: number, query: AlertFilterQuery): Filter {
  const filter: Filter = { organizationId, show: SHOWN };
  const range = query.created_at;
  if (range?.gte || range?.lte) {
    const gte = range.gte ? new Date(range.gte).toISOString() : undefined;
    const lte = range.lte ? new Date(range.lte).toISOString() : undefined;
    if (gte && lte && gte > lte) {
      throw new BadRequestException({
        error: 'since value must be before to until value',
        message: 'since value must be before to until value',
      });
    }
    filter.createdAt = { ...(gte ? { $gte: gte } : {}), ...(lte ? { $lte: lte } : {}) };
  }
  if (query.type) filter.code = { $in: query.type };
  if (query.risk) filter.risk = { $in: query.risk };
  if (query.resolved !== undefined) filter.resolved = query.resolved;
  if (query.data_collector) filter.dataSourceId = { $in: query.data_collector };
  return filter;
}

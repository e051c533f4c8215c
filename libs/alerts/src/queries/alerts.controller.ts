import { Controller, Get, Inject, Query, UseFilters } from '@nestjs/common';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { ALERT_CATALOGUE } from '@lorawatch/domain/alert-catalogue';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { READ_STORE, type Filter, type ReadStore, type Sort } from '@lorawatch/read-store/read-store.port';
import { seekKey, seekValues } from '@lorawatch/read-store/seek';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { ALERTS, SHOWN, type AlertView } from '@lorawatch/domain/alert.view';
import { badRequest } from '@lorawatch/platform/http-errors';
import { alertOrder, visibleAlertFilter } from './alert-filter';
import { alertJson } from './alert.json';
import { alertTypeJson } from '@lorawatch/domain/alert-type.json';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { AlertTypesCountQuery, CountAlertsQuery, ListAlertsQuery } from './alerts.query';
import { alertBucketsJson } from './alerts-by-time';
import { tallyAlerts } from './alert-tally';
import { boundedWindow, timeWindow } from './query-window';

const DEFAULT_PAGE_SIZE = 20;

/** The same order backwards, the id tie-break included. */
function reversed(sort: Sort): Sort {
  return seekKey(sort).map(([field, direction]) => [field, direction === 'asc' ? 'desc' : 'asc']);
}

/** Alert lists and counts (docs/api.md §6), for every member of the organization. */
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class AlertsController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
  ) {}

  @Get('alert_types')
  alertTypes() {
    return ALERT_CATALOGUE.map(alertTypeJson);
  }

  /** Every alert type with how many visible alerts of it match; 0 when none. */
  @Get('alert_types/count')
  async alertTypesCount(@CurrentUser() user: AuthUser, @Query() query: AlertTypesCountQuery) {
    const window = boundedWindow(query.from, query.to, 'from', 'to');
    const store = await this.asOf.readStore(query.as_of, this.store);
    const counts = await tallyAlerts(store, user.organizationId, query, window, 'code');
    return ALERT_CATALOGUE.map((type) => ({
      ...alertTypeJson(type),
      count: counts.get(type.code)?.count ?? 0,
    }));
  }

  /** A bare list (docs/api.md §6): totals come from alerts/count?group_by=TOTAL. `page` is 0-based. */
  @Get('alerts')
  async list(@CurrentUser() user: AuthUser, @Query() query: ListAlertsQuery) {
    const sort = alertOrder(query.order_by);
    const store = await this.asOf.readStore(query.as_of, this.store);
    const filter = await visibleAlertFilter(
      store,
      user.organizationId,
      query,
      timeWindow(query.created_at, 'created_at'),
    );
    const size = query.size ?? DEFAULT_PAGE_SIZE;
    const alerts =
      query.after !== undefined || query.before !== undefined
        ? await this.seekPage(store, user.organizationId, filter, sort, size, query)
        : await store.collection<AlertView>(ALERTS).find(filter, {
            sort,
            ...(query.page === undefined ? {} : { skip: query.page * size, limit: size }),
          });
    const names = await this.dataSourceNames(store, user.organizationId);
    return alerts.map((alert) =>
      alertJson(alert, names.get(alert.dataSourceId) ?? null, query.include_parameters === true),
    );
  }

  /**
   * TOTAL → `{count}`; HOUR / DAY → the non-empty buckets, oldest first, each with the highest risk among its
   * alerts. Unlike the original, `data_collector[]` narrows every variant. Read from the hourly counters.
   */
  @Get('alerts/count')
  async count(@CurrentUser() user: AuthUser, @Query() query: CountAlertsQuery) {
    const window = timeWindow(query.created_at, 'created_at');
    const grouping = query.group_by === 'TOTAL' ? 'total' : query.group_by === 'HOUR' ? 'hour' : 'day';
    const store = await this.asOf.readStore(query.as_of, this.store);
    const tally = await tallyAlerts(store, user.organizationId, query, window, grouping);
    if (grouping === 'total') return { count: tally.get('')?.count ?? 0 };
    return alertBucketsJson(tally, grouping);
  }

  /**
   * The page next to a listed alert: after it in the order, or before it (read in the reverse order, then turned
   * back). The key is read from the alert itself, so the page is found from the index at any depth.
   */
  private async seekPage(
    store: ReadStore,
    organizationId: number,
    filter: Filter,
    sort: Sort,
    size: number,
    query: Pick<ListAlertsQuery, 'after' | 'before'>,
  ): Promise<AlertView[]> {
    if (query.after !== undefined && query.before !== undefined) {
      throw badRequest('after and before cannot be combined');
    }
    const forward = query.after !== undefined;
    const alerts = store.collection<AlertView>(ALERTS);
    const [anchor] = await alerts.find(
      { organizationId, numericId: forward ? query.after : query.before, show: SHOWN },
      { limit: 1 },
    );
    if (!anchor) throw badRequest(`${forward ? 'after' : 'before'} must be the id of an alert`);
    const order = forward ? sort : reversed(sort);
    const page = await alerts.find(filter, { sort: order, limit: size, after: seekValues(anchor, order) });
    return forward ? page : page.reverse();
  }

  private async dataSourceNames(store: ReadStore, organizationId: number): Promise<Map<number, string>> {
    const sources = await store.collection<DataSourceView>(DATA_SOURCES).find({ organizationId });
    return new Map(sources.map((source) => [source.dataSourceId, source.name]));
  }
}

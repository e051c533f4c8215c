import { ALERTS, SHOWN, type AlertView } from '@lorawatch/domain/alert.view';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { Invalid } from '@lorawatch/platform/domain-errors';
import type { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import type { Filter, ReadStore, Sort } from '@lorawatch/read-store/read-store.port';
import { seekKey, seekValues } from '@lorawatch/read-store/seek';
import { alertOrder, visibleAlertFilter } from '../alert-filter';
import { alertJson } from '../alert.json';
import type { ListAlertsQuery } from '../alerts.query';
import { timeWindow } from '../query-window';

const DEFAULT_PAGE_SIZE = 20;

/**
 * One page of the organisation's visible alerts in the asked order: by 0-based `page`, or next to a listed alert
 * (`after` / `before`) (docs/api.md §6).
 */
export async function listAlerts(
  current: ReadStore,
  asOf: AsOfReadModels,
  caller: AuthUser,
  query: ListAlertsQuery,
) {
  const sort = alertOrder(query.order_by);
  const store = await asOf.readStore(query.as_of, current);
  const filter = await visibleAlertFilter(
    store,
    caller.organizationId,
    query,
    timeWindow(query.created_at, 'created_at'),
  );
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  const alerts =
    query.after !== undefined || query.before !== undefined
      ? await alertsNextTo(store, caller.organizationId, filter, sort, size, query)
      : await store.collection<AlertView>(ALERTS).find(filter, {
          sort,
          ...(query.page === undefined ? {} : { skip: query.page * size, limit: size }),
        });
  const names = await dataSourceNames(store, caller.organizationId);
  return alerts.map((alert) =>
    alertJson(alert, names.get(alert.dataSourceId) ?? null, query.include_parameters === true),
  );
}

/**
 * The page next to a listed alert: after it in the order, or before it (read in the reverse order, then turned
 * back). The key is read from the alert itself, so the page is found from the index at any depth.
 */
async function alertsNextTo(
  store: ReadStore,
  organizationId: number,
  filter: Filter,
  sort: Sort,
  size: number,
  query: Pick<ListAlertsQuery, 'after' | 'before'>,
): Promise<AlertView[]> {
  if (query.after !== undefined && query.before !== undefined) {
    throw new Invalid('after and before cannot be combined');
  }
  const forward = query.after !== undefined;
  const alerts = store.collection<AlertView>(ALERTS);
  const [anchor] = await alerts.find(
    { organizationId, numericId: forward ? query.after : query.before, show: SHOWN },
    { limit: 1 },
  );
  if (!anchor) throw new Invalid(`${forward ? 'after' : 'before'} must be the id of an alert`);
  const order = forward ? sort : reversed(sort);
  const page = await alerts.find(filter, { sort: order, limit: size, after: seekValues(anchor, order) });
  return forward ? page : page.reverse();
}

/** The same order backwards, the id tie-break included. */
function reversed(sort: Sort): Sort {
  return seekKey(sort).map(([field, direction]) => [field, direction === 'asc' ? 'desc' : 'asc']);
}

async function dataSourceNames(store: ReadStore, organizationId: number): Promise<Map<number, string>> {
  const sources = await store.collection<DataSourceView>(DATA_SOURCES).find({ organizationId });
  return new Map(sources.map((source) => [source.dataSourceId, source.name]));
}

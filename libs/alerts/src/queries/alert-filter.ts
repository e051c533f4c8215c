import type { Filter, ReadStore, Sort } from '@lorawatch/read-store/read-store.port';
import { Invalid } from '@lorawatch/platform/domain-errors';
import { SHOWN } from '@lorawatch/domain/alert.view';
import { alertSearchFilter } from './alert-search';
import type { AlertCriteriaQuery } from './alerts.query';
import { checkDataSourceAccess, type TimeWindow } from './query-window';

/**
 * The alerts a caller may count or list: shown alerts of its organization, narrowed by the query. Throws the
 * spec's 400 when `data_collector[]` names a data source the caller cannot see.
 */
export async function visibleAlertFilter(
  store: ReadStore,
  organizationId: number,
  criteria: AlertCriteriaQuery,
  window: TimeWindow,
): Promise<Filter> {
  await checkDataSourceAccess(store, organizationId, criteria.data_collector);
  const filter: Filter = { organizationId, show: SHOWN };
  if (window.gte !== undefined || window.lte !== undefined) {
    filter.createdAt = {
      ...(window.gte !== undefined ? { $gte: window.gte } : {}),
      ...(window.lte !== undefined ? { $lte: window.lte } : {}),
    };
  }
  if (criteria.type) filter.code = { $in: criteria.type };
  if (criteria.risk) filter.risk = { $in: criteria.risk };
  if (criteria.resolved !== undefined) filter.resolved = criteria.resolved;
  if (criteria.data_collector) filter.dataSourceId = { $in: criteria.data_collector };
  if (criteria.search !== undefined) {
    Object.assign(filter, await alertSearchFilter(store, organizationId, criteria.search));
  }
  return filter;
}

/**
 * Alert columns of the API (docs/api.md §6) → fields of the read model. `device_auth_id` has no counterpart
 * here (always null), so ordering by it keeps the tie-break order.
 */
export const ALERT_COLUMNS: Readonly<Record<string, string>> = {
  id: 'numericId',
  type: 'code',
  created_at: 'createdAt',
  device_id: 'devEui',
  device_session_id: 'devAddr',
  gateway_id: 'gateway',
  device_auth_id: 'deviceAuthId',
  data_collector_id: 'dataSourceId',
  risk: 'risk',
  show: 'show',
  resolved_at: 'resolvedAt',
  resolved_by_id: 'resolvedById',
  resolution_comment: 'resolutionComment',
  asset_importance: 'assetImportance',
  // Not in the original: the DESCRIPTION the console shows (the type's name), not the code behind it.
  type_name: 'typeName',
};

const DEFAULT_ORDER: Sort[number] = ['createdAt', 'desc'];

/**
 * `order_by[]=<column>&order_by[]=ASC|DESC` as the original's develop line reads it: ignored unless it is a
 * non-empty column and exactly ASC or DESC; an unknown column is a 400 (the original crashed with a 500).
 * The alert id breaks ties, so pages never overlap.
 */
export function alertOrder(orderBy: string[] | undefined): Sort {
  const order = requestedOrder(orderBy) ?? DEFAULT_ORDER;
  // The document id (unique like numericId, so it never decides) in the same direction lets the store walk its
  // index one way only.
  return order[0] === 'numericId'
    ? [order, ['id', order[1]]]
    : [order, ['numericId', order[1]], ['id', order[1]]];
}

function requestedOrder(orderBy: string[] | undefined): Sort[number] | null {
  if (!orderBy || orderBy.length < 2) return null;
  const [column, direction] = orderBy;
  if (column === '' || (direction !== 'ASC' && direction !== 'DESC')) return null;
  if (!Object.hasOwn(ALERT_COLUMNS, column)) {
    throw new Invalid(`order_by column must be one of: ${Object.keys(ALERT_COLUMNS).join(', ')}`);
  }
  return [ALERT_COLUMNS[column], direction === 'ASC' ? 'asc' : 'desc'];
}

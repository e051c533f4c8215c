import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { Invalid } from '@lorawatch/platform/domain-errors';
import { ALERTS, SHOWN, type AlertView } from '@lorawatch/domain/alert.view';
import type { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import type { Filter, ReadStore } from '@lorawatch/read-store/read-store.port';
import { requireMember } from '../../require-member';
import { alertOfAsset } from '../shared/alert-of-asset';
import { attributesOf } from '../shared/asset-attributes';
import type { AssetAlertsQuery } from '../shared/asset-history.query';
import { dateCondition } from '../shared/date-range';
import { ownAsset } from '../shared/own-asset';
import { compareBy, pageOf, parseOrder, thenBy } from '../shared/paging';
import { alertsOfAssetFilter, isAbout } from './asset-of-alert';

const ALERT_ORDER = ['created_at', 'id', 'type', 'resolved_at'] as const;
const ALERT_KEYS = {
  created_at: (alert: AlertView) => alert.createdAt,
  id: (alert: AlertView) => alert.numericId,
  type: (alert: AlertView) => alert.code,
  resolved_at: (alert: AlertView) => alert.resolvedAt,
};

/** One page of an asset's alerts for the 360° view, newest first by default (docs/api.md §10). */
export async function listAssetAlerts(
  current: ReadStore,
  asOf: AsOfReadModels,
  caller: AuthUser,
  type: string,
  id: string,
  query: AssetAlertsQuery,
) {
  requireMember(caller);
  const order = parseOrder(query.order_by, ALERT_ORDER);
  if (order !== null && 'error' in order) throw new Invalid(order.error);
  const store = await asOf.readStore(query.as_of, current);
  const asset = await ownAsset(store, caller.organizationId, type, id);
  const filter: Filter = { ...alertsOfAssetFilter(asset), show: SHOWN };
  const created = dateCondition(query.created_at);
  if (created) filter.createdAt = created;
  if (query.type) filter.code = { $in: query.type };
  if (query.risk) filter.risk = { $in: query.risk };
  if (query.resolved !== undefined) filter.resolved = query.resolved;
  const { field, direction } = order ?? { field: 'created_at' as const, direction: 'desc' as const };
  const alerts = (await store.collection<AlertView>(ALERTS).find(filter))
    .filter((alert) => isAbout(alert, asset))
    .sort(thenBy(compareBy(ALERT_KEYS[field], direction), compareBy(ALERT_KEYS.id, direction)));
  const { dataSourceName, importance } = await attributesOf(store, asset);
  const page = pageOf(alerts, query.page ?? 1, query.size ?? 20);
  return {
    alerts: page.items.map((alert) => ({
      ...alertOfAsset(alert, asset, dataSourceName),
      asset_importance: importance,
    })),
    total_pages: page.total_pages,
    total_items: page.total_items,
  };
}

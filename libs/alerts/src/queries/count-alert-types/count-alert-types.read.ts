import { ALERT_CATALOGUE } from '@lorawatch/domain/alert-catalogue';
import { alertTypeJson } from '@lorawatch/domain/alert-type.json';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { tallyAlerts } from '../alert-tally';
import { boundedWindow } from '../query-window';
import type { AlertTypesCountQuery } from './count-alert-types.query';

/** Every alert type with how many of the organisation's visible alerts of it match; 0 when none (docs/api.md §6). */
export async function countAlertTypes(
  current: ReadStore,
  asOf: AsOfReadModels,
  caller: AuthUser,
  query: AlertTypesCountQuery,
) {
  const window = boundedWindow(query.from, query.to, 'from', 'to');
  const store = await asOf.readStore(query.as_of, current);
  const counts = await tallyAlerts(store, caller.organizationId, query, window, 'code');
  return ALERT_CATALOGUE.map((type) => ({
    ...alertTypeJson(type),
    count: counts.get(type.code)?.count ?? 0,
  }));
}

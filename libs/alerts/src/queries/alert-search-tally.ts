import { RISKS, type Risk } from '@lorawatch/domain/risk';
import type { Filter, ReadStore } from '@lorawatch/read-store/read-store.port';
import { ALERTS, type AlertView } from '@lorawatch/domain/alert.view';
import type { AlertGrouping, AlertTally } from './alert-grouping';

/**
 * Counts searched alerts from the alerts themselves: the hourly counters know no names or identifiers. One count
 * per risk (from the highest down), so each group also gets the highest risk among its alerts. A search narrows
 * the alerts to a few devices or gateways, so these counts stay small.
 */
export async function tallySearchedAlerts(
  store: ReadStore,
  alertFilter: Filter,
  grouping: AlertGrouping,
  /** The query's `risk[]`, which the per-risk counts replace in the filter. */
  risks: readonly string[] | undefined,
): Promise<AlertTally> {
  const alerts = store.collection<AlertView>(ALERTS);
  const tally: AlertTally = new Map();
  const add = (group: string, count: number, risk: Risk) => {
    if (count <= 0) return;
    const entry = tally.get(group);
    // Risks come highest first: the first risk a group meets is its highest.
    if (entry) entry.count += count;
    else tally.set(group, { count, risk });
  };
  for (const risk of [...RISKS].reverse()) {
    if (risks !== undefined && !risks.includes(risk)) continue;
    const filter: Filter = { ...alertFilter, risk };
    if (grouping === 'total') {
      add('', await alerts.count(filter), risk);
    } else if (grouping === 'hour' || grouping === 'day') {
      for (const row of await alerts.countByTime('createdAt', grouping, filter))
        add(row.bucket, row.count, risk);
    } else {
      const field = grouping === 'code' ? 'code' : 'dataSourceId';
      for (const row of await alerts.countBy(field, filter)) add(String(row.value), row.count, risk);
    }
  }
  return tally;
}

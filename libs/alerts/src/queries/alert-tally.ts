import { RISKS, riskRank, type Risk } from '@lorawatch/domain/risk';
import type { Filter, ReadStore, SumByRow } from '@lorawatch/read-store/read-store.port';
import { alertsProjection } from '../projection/alerts.projection';
import { ALERT_COUNTS, hourOf, type AlertCountView } from '../projection/alert-count.view';
import { ALERTS, type AlertView } from '@lorawatch/domain/alert.view';
import { visibleAlertFilter } from './alert-filter';
import type { AlertGrouping, AlertTally } from './alert-grouping';
import { tallySearchedAlerts } from './alert-search-tally';
import type { AlertCriteriaQuery } from './alerts.query';
import type { TimeWindow } from './query-window';

const HOUR_MS = 3_600_000;

/**
 * Counts the alerts `visibleAlertFilter` would select, from the hourly counters: whole hours of the window come
 * from `alert_counts`, and the partial hours at a bound that does not fall on an hour boundary from the alerts
 * themselves (an `organizationId` + `createdAt` range: only those few documents), so the counts stay exact.
 * Throws the same 400s as `visibleAlertFilter`.
 */
export async function tallyAlerts(
  store: ReadStore,
  organizationId: number,
  criteria: AlertCriteriaQuery,
  window: TimeWindow,
  grouping: AlertGrouping,
): Promise<AlertTally> {
  const alertFilter = await visibleAlertFilter(store, organizationId, criteria, window);
  if (criteria.search !== undefined && criteria.search.trim() !== '') {
    return tallySearchedAlerts(store, alertFilter, grouping, criteria.risk);
  }
  const { hours, edges } = splitIntoHours(window);
  const tally: AlertTally = new Map();
  if (hours) await addCounters(store, tally, counterFilter(organizationId, criteria, hours), grouping);
  for (const edge of edges) await addPartialHour(store, tally, alertFilter, edge, grouping);
  return tally;
}

/** Whole hours to read from the counters (null: none) and the partial hours around them (0 to 2). */
export interface HourSplit {
  hours: TimeWindow | null;
  edges: Array<Required<TimeWindow>>;
}

/**
 * Splits inclusive millisecond bounds into whole UTC hours and the partial ones. A bound on an hour boundary
 * (`HH:00:00.000` from, `HH:59:59.999` to) keeps its hour whole.
 */
export function splitIntoHours(window: TimeWindow): HourSplit {
  const from = window.gte === undefined ? undefined : Date.parse(window.gte);
  const to = window.lte === undefined ? undefined : Date.parse(window.lte);
  const edges: Array<Required<TimeWindow>> = [];
  let firstHour: number | undefined;
  let lastHour: number | undefined;
  if (from !== undefined) {
    const hour = hourStart(from);
    firstHour = from === hour ? hour : hour + HOUR_MS;
    if (from !== hour) edges.push(isoPair(from, Math.min(hour + HOUR_MS - 1, to ?? Infinity)));
  }
  if (to !== undefined) {
    const hour = hourStart(to);
    lastHour = to === hour + HOUR_MS - 1 ? hour : hour - HOUR_MS;
    const sharedWithFrom = from !== undefined && from !== hourStart(from) && hourStart(from) === hour;
    if (lastHour !== hour && !sharedWithFrom) edges.push(isoPair(Math.max(hour, from ?? -Infinity), to));
  }
  if (firstHour !== undefined && lastHour !== undefined && firstHour > lastHour)
    return { hours: null, edges };
  const hours: TimeWindow = {};
  if (firstHour !== undefined) hours.gte = new Date(firstHour).toISOString();
  if (lastHour !== undefined) hours.lte = new Date(lastHour).toISOString();
  return { hours, edges };
}

function hourStart(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS;
}

function isoPair(gte: number, lte: number): Required<TimeWindow> {
  return { gte: new Date(gte).toISOString(), lte: new Date(lte).toISOString() };
}

/** The counters of the whole hours with the same narrowing as the alert filter (the data source access is checked). */
function counterFilter(organizationId: number, criteria: AlertCriteriaQuery, hours: TimeWindow): Filter {
  const filter: Filter = { organizationId };
  if (hours.gte !== undefined || hours.lte !== undefined) {
    filter.hour = {
      ...(hours.gte !== undefined ? { $gte: hours.gte } : {}),
      ...(hours.lte !== undefined ? { $lte: hours.lte } : {}),
    };
  }
  if (criteria.type) filter.code = { $in: criteria.type };
  if (criteria.risk) filter.risk = { $in: criteria.risk };
  if (criteria.resolved !== undefined) filter.resolved = criteria.resolved;
  if (criteria.data_collector) filter.dataSourceId = { $in: criteria.data_collector };
  return filter;
}

async function addCounters(
  store: ReadStore,
  tally: AlertTally,
  filter: Filter,
  grouping: AlertGrouping,
): Promise<void> {
  // Summed in the store by group and risk: the highest risk of a group comes from its risk rows.
  const field = COUNTER_FIELDS[grouping];
  const rows = await counterSums(store, field === null ? ['risk'] : [field, 'risk'], filter);
  for (const row of rows) {
    const [group, risk] = field === null ? ['', row.values[0]] : [String(row.values[0]), row.values[1]];
    add(tally, group, row.sum, risk as Risk);
  }
}

/** Sums of whole hours kept per store, with the alerts projection's checkpoint they were read at. */
const sumCaches = new WeakMap<ReadStore, Map<string, { position: number; rows: SumByRow[] }>>();
const SUM_CACHE_ENTRIES = 500;

/**
 * The counters summed by the fields, from a cache while the alerts projection has committed nothing since: the
 * counters only change in its commits, and its checkpoint moves with each of them (on every process and thread
 * of the store). The checkpoint is read before the sums, so a cached sum is never older than its position.
 * Dashboards ask for the same whole hours again and again (a window's partial hours are not in here).
 */
async function counterSums(store: ReadStore, fields: string[], filter: Filter): Promise<SumByRow[]> {
  let cache = sumCaches.get(store);
  if (!cache) sumCaches.set(store, (cache = new Map()));
  const position = await store.checkpoint(alertsProjection.name);
  const key = JSON.stringify([fields, filter]);
  const cached = cache.get(key);
  if (cached && cached.position === position) return cached.rows;
  const rows = await store.collection<AlertCountView>(ALERT_COUNTS).sumBy(fields, 'count', filter);
  cache.delete(key);
  cache.set(key, { position, rows });
  // Oldest first out: a Map keeps insertion order.
  if (cache.size > SUM_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  return rows;
}

/** The counter field each grouping reads; null for the total. */
const COUNTER_FIELDS: Readonly<Record<AlertGrouping, keyof AlertCountView | null>> = {
  total: null,
  code: 'code',
  dataSource: 'dataSourceId',
  hour: 'hour',
  day: 'day',
};

/** A partial hour: counted in the store, by risk when the group is the time (all its alerts share one hour). */
async function addPartialHour(
  store: ReadStore,
  tally: AlertTally,
  alertFilter: Filter,
  edge: Required<TimeWindow>,
  grouping: AlertGrouping,
): Promise<void> {
  const alerts = store.collection<AlertView>(ALERTS);
  const filter: Filter = { ...alertFilter, createdAt: { $gte: edge.gte, $lte: edge.lte } };
  if (grouping === 'code' || grouping === 'dataSource') {
    const rows = await alerts.countBy(grouping === 'code' ? 'code' : 'dataSourceId', filter);
    for (const row of rows) add(tally, String(row.value), row.count, null);
    return;
  }
  const hour = hourOf(edge.gte);
  const group = grouping === 'hour' ? hour : grouping === 'day' ? hour.slice(0, 10) : '';
  for (const row of await alerts.countBy('risk', filter)) {
    add(tally, group, row.count, RISKS.find((risk) => risk === row.value) ?? null);
  }
}

function add(tally: AlertTally, group: string, count: number, risk: Risk | null): void {
  if (count <= 0) return;
  const entry = tally.get(group) ?? { count: 0, risk: null };
  entry.count += count;
  if (risk !== null && (entry.risk === null || riskRank(risk) > riskRank(entry.risk))) entry.risk = risk;
  tally.set(group, entry);
}

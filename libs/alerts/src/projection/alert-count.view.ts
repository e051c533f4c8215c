import type { Risk } from '@lorawatch/domain/risk';
import type { WriteOp } from '@lorawatch/read-store/read-store.port';
import type { AlertView } from '@lorawatch/domain/alert.view';

/**
 * How many shown alerts an organisation has per data source, UTC hour, alert type and resolution: what the alert
 * counters read instead of parsing every (large) alert document. Kept by the alerts projection in the commit of
 * the alert writes, so a replay or a crash can never leave the counters apart from the alerts.
 */
export interface AlertCountView {
  /** `<organizationId>:<dataSourceId>:<hour>:<code>:<0|1>`. */
  id: string;
  organizationId: number;
  dataSourceId: number;
  /** `YYYY-MM-DDTHH:00:00.000Z`, the hour bucket of the alerts' `createdAt`. */
  hour: string;
  /** `YYYY-MM-DD`. */
  day: string;
  code: string;
  risk: Risk;
  resolved: boolean;
  /** May drop to 0 when the alerts move to the resolved counter; readers skip empty counters. */
  count: number;
}

export const ALERT_COUNTS = {
  name: 'alert_counts',
  // Counts sum the counters of a window from this index alone.
  indexes: [
    {
      fields: ['organizationId', 'hour'],
      include: ['dataSourceId', 'code', 'risk', 'resolved', 'day', 'count'],
    },
  ],
};

/** The alert fields that decide which counter, if any, an alert is counted in. */
export type CountedAlert = Pick<
  AlertView,
  'organizationId' | 'dataSourceId' | 'createdAt' | 'code' | 'risk' | 'resolved' | 'show'
>;

type CounterKey = Omit<AlertCountView, 'count'>;

/**
 * The counter writes for one alert going from `before` to `after` (null: no such alert). Hidden alerts count
 * nowhere, so an alert counts once it is shown, and resolving it moves it between the resolved flags; a change
 * that keeps the alert in the same counter (resolving twice, a replayed issue) writes nothing.
 */
export function alertCountChange(before: CountedAlert | null, after: CountedAlert | null): WriteOp[] {
  const from = counterOf(before);
  const to = counterOf(after);
  if (from?.id === to?.id) return [];
  return [...(from ? [increment(from, -1)] : []), ...(to ? [increment(to, 1)] : [])];
}

/** Timestamps are stored as `toISOString()` text, so their first 13 characters name the UTC hour. */
export function hourOf(createdAt: string): string {
  return `${createdAt.slice(0, 13)}:00:00.000Z`;
}

function counterOf(alert: CountedAlert | null): CounterKey | null {
  if (!alert || alert.show === false) return null;
  const hour = hourOf(alert.createdAt);
  const resolved = alert.resolved === true;
  return {
    id: `${alert.organizationId}:${alert.dataSourceId}:${hour}:${alert.code}:${resolved ? 1 : 0}`,
    organizationId: alert.organizationId,
    dataSourceId: alert.dataSourceId,
    hour,
    day: hour.slice(0, 10),
    code: alert.code,
    risk: alert.risk,
    resolved,
  };
}

function increment(key: CounterKey, by: number): WriteOp {
  const { id, ...fields } = key;
  return { op: 'inc', collection: ALERT_COUNTS.name, id, inc: { count: by }, setOnInsert: fields };
}

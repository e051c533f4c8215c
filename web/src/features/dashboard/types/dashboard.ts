import type { QuickRange } from '../../../lib/date-range';

/** The dashboard's range buttons: Last day, Last week, Last month (docs/console.md §4 "Dashboard range"). */
export type DashboardRange = QuickRange;

/** What the dashboard reads of a data source (`GET data_collectors`). */
export interface DataSource {
  id: number;
  name: string;
  /** CONNECTED, DISCONNECTED or DISABLED; only CONNECTED counts as active (docs/console.md §9). */
  status: string;
}

/** The inputs every chart and the latest alerts depend on. */
export interface DashboardQuery {
  range: DashboardRange;
  /** Selected data sources; empty means all of them. */
  dataSourceIds: readonly number[];
}

/** One bucket of the counter endpoints: `hour` or `date`, then `count` (alerts add the highest `risk`). */
export type { DashboardCountBucket as CountBucket } from '@lorawatch/contracts';

export type ChartKey = 'issues' | 'alerts' | 'devices' | 'messages';

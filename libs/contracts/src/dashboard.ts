import type { Risk } from './levels';

/**
 * One bucket of the dashboard's counter endpoints: `hour` (ranges of a day) or `date`, then `count`; the alert
 * counters add the bucket's highest `risk`.
 */
export interface DashboardCountBucket {
  hour?: string;
  date?: string;
  count: number;
  risk?: Risk | null;
}

import type { Risk } from '@lorawatch/domain/risk';

/** What the shown alerts are counted by: one total, or per alert type, data source, UTC hour or UTC day. */
export type AlertGrouping = 'total' | 'code' | 'dataSource' | 'hour' | 'day';

/** One group's count and the highest risk among its alerts. */
export interface TallyEntry {
  count: number;
  risk: Risk | null;
}

/**
 * Group key → count; keys are the alert code, the data source id as text, the hour start
 * (`YYYY-MM-DDTHH:00:00.000Z`), the day (`YYYY-MM-DD`) or `''` for the total. Only non-empty groups appear.
 */
export type AlertTally = Map<string, TallyEntry>;

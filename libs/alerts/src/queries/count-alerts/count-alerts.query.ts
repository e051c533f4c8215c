import { IsIn, IsOptional } from 'class-validator';
import { AlertFilterQuery } from '../alerts.query';

/** GET alerts/count: the list's filters, counted as one total or in hour or day buckets. */
export class CountAlertsQuery extends AlertFilterQuery {
  @IsOptional()
  @IsIn(['TOTAL', 'HOUR', 'DAY'], { message: 'group_by must be TOTAL, HOUR or DAY' })
  group_by?: 'TOTAL' | 'HOUR' | 'DAY';
}

import { IsOptional, IsString } from 'class-validator';
import { AlertWindowQuery } from '../alerts.query';

/** GET alert_types/count: the window query, and the time to answer as at. */
export class AlertTypesCountQuery extends AlertWindowQuery {
  /** Not in the original: answer as at this past ISO time, from the events recorded up to it. */
  @IsOptional()
  @IsString({ message: 'as_of must be an ISO 8601 time' })
  as_of?: string;
}

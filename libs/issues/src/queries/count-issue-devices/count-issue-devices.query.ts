import { IsIn, IsOptional, IsString } from 'class-validator';
import { IssueFilterQuery } from '../issue-filter.query';

export class CountIssueDevicesQuery extends IssueFilterQuery {
  @IsOptional()
  @IsIn(['HOUR', 'DAY'], { message: '"Group by" value is not valid' })
  group_by?: 'HOUR' | 'DAY';

  /** Not in the original: answer as at this past ISO time, from the events recorded up to it. */
  @IsOptional()
  @IsString({ message: 'as_of must be an ISO 8601 time' })
  as_of?: string;
}

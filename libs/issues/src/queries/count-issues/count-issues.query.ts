import { IsIn, IsOptional, IsString } from 'class-validator';
import { IssueFilterQuery } from '../issue-filter.query';

export const ISSUE_GROUPS = ['alert_type_name', 'alert_type_risk', 'data_collector_name'] as const;

export class CountIssuesQuery extends IssueFilterQuery {
  @IsOptional()
  @IsIn([...ISSUE_GROUPS], { message: 'invalid group_by parameter' })
  group_by?: (typeof ISSUE_GROUPS)[number];

  /** Not in the original: answer as at this past ISO time, from the events recorded up to it. */
  @IsOptional()
  @IsString({ message: 'as_of must be an ISO 8601 time' })
  as_of?: string;
}

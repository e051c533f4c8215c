import { IntersectionType } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { PageQuery } from '@lorawatch/platform/query-params';
import { IssueFilterQuery } from '../issue-filter.query';

/** Paging style D (docs/api.md §1.6): 1-based, applied only when both page and size are given. */
export class ListIssuesQuery extends IntersectionType(IssueFilterQuery, PageQuery) {
  /** `[column, ASC|DESC]`. */
  @IsOptional()
  order_by?: string[] | string;

  /** Not in the original: answer as at this past ISO time, from the events recorded up to it. */
  @IsOptional()
  @IsString({ message: 'as_of must be an ISO 8601 time' })
  as_of?: string;
}

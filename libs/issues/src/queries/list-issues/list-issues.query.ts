import { IntersectionType } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { PageQuery } from '@lorawatch/platform/query-params';
import { IssueFilterQuery } from '../issue-filter.query';

/** Paging style D (docs/api.md §1.6): 1-based, applied only when both page and size are given. */
export class ListIssuesQuery extends IntersectionType(IssueFilterQuery, PageQuery) {
  /** `[column, ASC|DESC]`. */
  @IsOptional()
  order_by?: string[] | string;
}

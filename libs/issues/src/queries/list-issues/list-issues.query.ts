import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { toInteger } from '@lorawatch/platform/query-params';
import { IssueFilterQuery } from '../issue-filter.query';

/** Paging style D (api-reference §1.6): 1-based, applied only when both page and size are given. */
export class ListIssuesQuery extends IssueFilterQuery {
  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'page must be an integer' })
  @Min(1, { message: 'page must be 1 or more' })
  page?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'size must be an integer' })
  @Min(1, { message: 'size must be 1 or more' })
  @Max(1000, { message: 'size must be 1000 or less' })
  size?: number;

  /** `[column, ASC|DESC]`. */
  @IsOptional()
  order_by?: string[] | string;
}

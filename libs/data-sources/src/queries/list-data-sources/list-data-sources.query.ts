import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { AlertWindowQuery } from '@lorawatch/alerts';
import { toFlag, toInteger } from '@lorawatch/platform/query-params';

/**
 * GET data_collectors (docs/api.md §4): `page` (1-based) and `size` of the header-paged list, and with
 * `include_count=true` the window and filters of each data source's alert `count`.
 */
export class ListDataSourcesQuery extends AlertWindowQuery {
  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'page must be an integer' })
  @Min(1)
  page?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'size must be an integer' })
  @Min(1)
  @Max(1000)
  size?: number;

  @IsOptional()
  @Transform(toFlag)
  include_count?: boolean;
}

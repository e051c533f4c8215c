import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { toInteger, toIntegerList } from '@lorawatch/platform/query-params';

export const GROUP_BY_INVALID = '"Group by" value is not valid';

/** `group_by` and `data_collector[]` of the counter endpoints (docs/api.md §5). */
export class TrafficCountQuery {
  @IsOptional()
  @IsIn(['DAY', 'HOUR'], { message: GROUP_BY_INVALID })
  group_by?: 'DAY' | 'HOUR';

  @IsOptional()
  @Transform(toIntegerList)
  @IsArray()
  @IsInt({ each: true, message: 'data_collector must be data source ids' })
  data_collector?: number[];

  /** Accepted and unused, as in the original: the answer is never paged. */
  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'page must be an integer' })
  page?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'size must be an integer' })
  size?: number;
}

/** `page` (0-based, default 0) and `size` (default 20) of GET devices and GET packets (docs/api.md §1.6 C). */
export class OffsetPageQuery {
  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'page must be an integer' })
  @Min(0, { message: 'page must not be negative' })
  page?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'size must be an integer' })
  @Min(1, { message: 'size must be between 1 and 1000' })
  @Max(1000, { message: 'size must be between 1 and 1000' })
  size?: number;
}

export function offsetPaging(query: OffsetPageQuery): { skip: number; limit: number } {
  const size = query.size ?? 20;
  return { skip: (query.page ?? 0) * size, limit: size };
}

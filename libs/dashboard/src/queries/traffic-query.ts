import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import type { TimeWindow } from '@lorawatch/alerts';
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

  /** Not in the original: answer as at this past ISO time (the window ends there). */
  @IsOptional()
  @IsString({ message: 'as_of must be an ISO 8601 time' })
  as_of?: string;
}

/**
 * The window as it could be seen at `moment`: nothing after it. The traffic counters are kept per hour and day of
 * the packets, not built from events, so what they held then is what they hold now up to that moment (within the
 * packet log's retention).
 */
export function windowAsOf(window: TimeWindow, moment: string | undefined): TimeWindow {
  if (moment === undefined) return window;
  return { ...window, lte: window.lte !== undefined && window.lte < moment ? window.lte : moment };
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

import { Transform } from 'class-transformer';
import { IsISO8601, IsInt, IsOptional, Max, Min } from 'class-validator';

/**
 * Query-string helpers. The original console sends lists in the bracketed form (`type[]=a&type[]=b`);
 * we also accept a single `type=a` and comma lists, a safe superset (docs/api.md §18).
 */
export const toList = ({ value }: { value: unknown }): unknown => {
  if (value === undefined || value === null || value === '') return undefined;
  const values = Array.isArray(value) ? value : [value];
  return values
    .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
    .filter((item) => item !== '');
};

export const toIntegerList = (input: { value: unknown }): unknown => {
  const list = toList(input);
  return Array.isArray(list)
    ? list.map((item) => (typeof item === 'string' && /^-?\d+$/.test(item) ? Number(item) : item))
    : list;
};

export const toInteger = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;

/** Only the exact string "true" is true (docs/api.md §1.5). */
export const toFlag = ({ value }: { value: unknown }): unknown =>
  value === undefined ? undefined : value === 'true';

export class DateRange {
  @IsOptional()
  @IsISO8601({}, { message: 'gte must be an ISO 8601 date or date-time' })
  gte?: string;

  @IsOptional()
  @IsISO8601({}, { message: 'lte must be an ISO 8601 date or date-time' })
  lte?: string;
}

export const ORDER_DIRECTIONS = ['ASC', 'DESC'] as const;

/**
 * `order_by[]=field&order_by[]=DESC` → [field, direction], validated against the allowed fields. Only the map's own
 * keys count: `constructor`, `__proto__` or `toString` are names like any other unknown one, never inherited members.
 */
export function parseOrderBy(
  value: unknown,
  allowed: Record<string, string>,
  fallback: [string, 'asc' | 'desc'],
): [string, 'asc' | 'desc'] | { error: string } {
  if (value === undefined) return fallback;
  const list = Array.isArray(value) ? value : String(value).split(',');
  if (list.length !== 2) return { error: 'order_by must be a field and a direction (ASC or DESC)' };
  const [field, direction] = list.map(String);
  if (!Object.hasOwn(allowed, field))
    return { error: `order_by field must be one of: ${Object.keys(allowed).join(', ')}` };
  if (!ORDER_DIRECTIONS.includes(direction.toUpperCase() as 'ASC'))
    return { error: 'order_by direction must be ASC or DESC' };
  return [allowed[field], direction.toLowerCase() as 'asc' | 'desc'];
}

/** `page` (1-based) and `size` of the lists paged with total-items / total-pages headers (docs/api.md §1.6 A). */
export class PageQuery {
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
}

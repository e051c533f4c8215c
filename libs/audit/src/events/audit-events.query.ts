import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsISO8601, IsOptional, Max, Min } from 'class-validator';
import { toInteger, toList } from '@lorawatch/platform/query-params';
import { AUDIT_ASSET_TYPES } from './audit-event.view';
import { AUDITED_EVENT_TYPES } from './audit-events.projection';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;
export const AUDIT_ORDERS = ['asc', 'desc'] as const;

/** GET audit/events and audit/events.jsonl (docs/api.md, "History of one thing"). */
/**
 * Where a field has several rules, the type check comes last: it is checked, and reported, first.
 */
export class AuditEventsQuery {
  @ApiPropertyOptional({ format: 'date-time', description: 'Events recorded at or after this time' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date or date-time' })
  from?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description:
      'Events recorded at or before this time: the history as of then, as `as_of` reads it elsewhere',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date or date-time' })
  to?: string;

  @ApiPropertyOptional({ name: 'type[]', type: [String], enum: AUDITED_EVENT_TYPES })
  @IsOptional()
  @Transform(toList)
  @ArrayMaxSize(AUDITED_EVENT_TYPES.length, { message: 'type names too many event types' })
  @IsIn([...AUDITED_EVENT_TYPES], {
    each: true,
    message: `type must be one of: ${AUDITED_EVENT_TYPES.join(', ')}`,
  })
  @IsArray({ message: 'type must be a list of event types' })
  type?: string[];

  @ApiPropertyOptional({ enum: AUDIT_ASSET_TYPES })
  @IsOptional()
  @IsIn([...AUDIT_ASSET_TYPES], { message: 'asset_type must be device or gateway' })
  asset_type?: string;

  @ApiPropertyOptional({ type: Number, description: 'An asset id of the inventory; needs asset_type' })
  @IsOptional()
  @Transform(toInteger)
  @Min(0, { message: 'asset_id must be 0 or more' })
  @Max(Number.MAX_SAFE_INTEGER, { message: 'asset_id is too large' })
  @IsInt({ message: 'asset_id must be an integer' })
  asset_id?: number;

  @ApiPropertyOptional({ type: Number, description: 'An alert id' })
  @IsOptional()
  @Transform(toInteger)
  @Min(1, { message: 'alert_id must be 1 or more' })
  @Max(Number.MAX_SAFE_INTEGER, { message: 'alert_id is too large' })
  @IsInt({ message: 'alert_id must be an integer' })
  alert_id?: number;

  @ApiPropertyOptional({ type: Number, default: 1, description: '1-based; not read when after is given' })
  @IsOptional()
  @Transform(toInteger)
  @Min(1, { message: 'page must be 1 or more' })
  @Max(1_000_000, { message: 'page must be 1000000 or less' })
  @IsInt({ message: 'page must be an integer' })
  page?: number;

  @ApiPropertyOptional({ type: Number, default: DEFAULT_PAGE_SIZE, maximum: MAX_PAGE_SIZE })
  @IsOptional()
  @Transform(toInteger)
  @Min(1, { message: 'size must be 1 or more' })
  @Max(MAX_PAGE_SIZE, { message: `size must be ${MAX_PAGE_SIZE} or less` })
  @IsInt({ message: 'size must be an integer' })
  size?: number;

  @ApiPropertyOptional({
    type: Number,
    description:
      'Keyset paging: the events that follow this position in the order asked (next_after of a page)',
  })
  @IsOptional()
  @Transform(toInteger)
  @Min(0, { message: 'after must be 0 or more' })
  @Max(Number.MAX_SAFE_INTEGER, { message: 'after is too large' })
  @IsInt({ message: 'after must be an integer' })
  after?: number;

  @ApiPropertyOptional({
    enum: AUDIT_ORDERS,
    default: 'asc',
    description: 'By position: oldest first by default',
  })
  @IsOptional()
  @IsIn([...AUDIT_ORDERS], { message: 'order must be asc or desc' })
  order?: string;
}

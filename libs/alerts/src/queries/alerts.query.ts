import { Transform, Type } from 'class-transformer';
import {
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { RISKS } from '@lorawatch/domain/risk';
import { toFlag, toInteger, toIntegerList, toList } from '@lorawatch/platform/query-params';
import { MAX_ALERT_SEARCH_LENGTH } from './alert-search';
import { RawRange } from './query-window';

/** What every alert count narrows by, whatever names its date bounds (docs/api.md §4, §6). */
export class AlertCriteriaQuery {
  @IsOptional()
  @Transform(toList)
  @IsArray()
  @Matches(/^LAF-\d{3}$/, { each: true, message: 'type must be alert type codes such as LAF-001' })
  type?: string[];

  @IsOptional()
  @Transform(toList)
  @IsArray()
  @IsIn([...RISKS], { each: true, message: 'risk must be INFO, LOW, MEDIUM or HIGH' })
  risk?: string[];

  /** Only the exact string `true` means resolved; any other value means unresolved; absent means both. */
  @IsOptional()
  @Transform(toFlag)
  resolved?: boolean;

  @IsOptional()
  @Transform(toIntegerList)
  @IsArray()
  @IsInt({ each: true, message: 'data_collector must be data source ids' })
  data_collector?: number[];

  /** Not in the original: a DevEUI, DevAddr or gateway EUI, or part of a device or gateway name (alert-search.ts). */
  @IsOptional()
  @IsString({ message: 'search must be a text' })
  @MaxLength(MAX_ALERT_SEARCH_LENGTH, {
    message: `search must be at most ${MAX_ALERT_SEARCH_LENGTH} characters`,
  })
  search?: string;
}

/** Filters shared by GET alerts and GET alerts/count: the window is on `created_at[gte|lte]`. */
export class AlertFilterQuery extends AlertCriteriaQuery {
  @IsOptional()
  @ValidateNested()
  @Type(() => RawRange)
  created_at?: RawRange;

  /** Not in the original: answer as at this past ISO time, from the events recorded up to it. */
  @IsOptional()
  @IsString({ message: 'as_of must be an ISO 8601 time' })
  as_of?: string;
}

/** GET alert_types/count and GET data_collectors?include_count=true: the window is `from` / `to`. */
export class AlertWindowQuery extends AlertCriteriaQuery {
  @IsOptional()
  @IsString()
  from?: string;

  @IsOptional()
  @IsString()
  to?: string;
}

export class ListAlertsQuery extends AlertFilterQuery {
  /** 0-based (docs/api.md §1.6 C); without it every matching alert is returned. */
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

  /** `[column, "ASC"|"DESC"]`; read by `alertOrder`. */
  @IsOptional()
  @Transform(toList)
  @IsArray()
  @IsString({ each: true, message: 'order_by must be a column and a direction' })
  order_by?: string[];

  @IsOptional()
  @Transform(toFlag)
  include_parameters?: boolean;

  /**
   * Keyset paging (docs/api.md §6): the `size` alerts that follow the alert with this id in the requested order
   * (`before`: that precede it). `page` is not read then. A page found this way costs the same at any depth.
   */
  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'after must be an alert id' })
  @Min(0, { message: 'after must be an alert id' })
  after?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'before must be an alert id' })
  @Min(0, { message: 'before must be an alert id' })
  before?: number;
}

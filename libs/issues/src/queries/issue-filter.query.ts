import { Transform, Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, Matches, ValidateNested } from 'class-validator';
import { RISKS } from '@lorawatch/domain/risk';
import { DateRange, toIntegerList, toList } from '@lorawatch/platform/query-params';

const toLowerList = (input: { value: unknown }): unknown => {
  const list = toList(input);
  return Array.isArray(list)
    ? list.map((item) => (typeof item === 'string' ? item.toLowerCase() : item))
    : list;
};

/** Filters shared by the four quarantined_devices endpoints (docs/api.md §7). */
export class IssueFilterQuery {
  /** Applied to the issue's `since`. */
  @IsOptional()
  @ValidateNested()
  @Type(() => DateRange)
  created_at?: DateRange;

  /** Numeric alert type ids, not codes. */
  @IsOptional()
  @Transform(toIntegerList)
  @IsArray()
  @IsInt({ each: true, message: 'alerttype must be alert type ids' })
  alerttype?: number[];

  /** Devices by DevEUI or DevAddr (hex): this product has no numeric device ids. */
  @IsOptional()
  @Transform(toLowerList)
  @IsArray()
  @Matches(/^([0-9a-f]{8}|[0-9a-f]{16})$/, {
    each: true,
    message: 'device must be DevEUIs or DevAddrs (hex)',
  })
  device?: string[];

  @IsOptional()
  @Transform(toList)
  @IsArray()
  @IsIn([...RISKS], { each: true, message: 'risk must be INFO, LOW, MEDIUM or HIGH' })
  risk?: string[];

  @IsOptional()
  @Transform(toIntegerList)
  @IsArray()
  @IsInt({ each: true, message: 'data_collector must be data source ids' })
  data_collector?: number[];
}

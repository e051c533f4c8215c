import { Transform, Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, Matches, Max, Min, ValidateNested } from 'class-validator';
import { RISKS } from '@lorawatch/domain/risk';
import { DateRange, toFlag, toInteger, toIntegerList, toList } from '@lorawatch/platform/query-params';

/** Filters shared by GET alerts and GET alerts/count (api-reference §6). */
export class AlertFilterQuery {
  @IsOptional()
  @ValidateNested()
  @Type(() => DateRange)
  created_at?: DateRange;

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

  @IsOptional()
  @Transform(toFlag)
  resolved?: boolean;

  @IsOptional()
  @Transform(toIntegerList)
  @IsArray()
  @IsInt({ each: true, message: 'data_collector must be data source ids' })
  data_collector?: number[];
}

export class ListAlertsQuery extends AlertFilterQuery {
  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'page must be an integer' })
  @Min(0)
  page?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'size must be an integer' })
  @Min(1)
  @Max(1000)
  size?: number;

  @IsOptional()
  order_by?: string[] | string;

  @IsOptional()
  @Transform(toFlag)
  include_parameters?: boolean;
}

export class CountAlertsQuery extends AlertFilterQuery {
  @IsOptional()
  @IsIn(['TOTAL', 'HOUR', 'DAY'], { message: 'group_by must be TOTAL, HOUR or DAY' })
  group_by?: 'TOTAL' | 'HOUR' | 'DAY';
}

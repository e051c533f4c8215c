import { PageQuery } from '@lorawatch/platform/query-params';
import { IntersectionType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsArray, IsIn, IsOptional, Matches, ValidateNested } from 'class-validator';
import { RISKS } from '@lorawatch/domain/risk';
import { DateRange, toFlag, toList } from '@lorawatch/platform/query-params';
import { OrderedQuery } from './asset-filter.query';
import { AsOfQuery } from './as-of.query';

class HistoryFilterQuery {
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
}

/** GET inventory/{asset_type}/{id}/issues (docs/api.md §10). */
export class AssetIssuesQuery extends IntersectionType(
  HistoryFilterQuery,
  PageQuery,
  OrderedQuery,
  AsOfQuery,
) {}

/** GET inventory/{asset_type}/{id}/alerts (docs/api.md §10). */
export class AssetAlertsQuery extends AssetIssuesQuery {
  @IsOptional()
  @Transform(toFlag)
  resolved?: boolean;
}

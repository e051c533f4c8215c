import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import { IMPORTANCES } from '@lorawatch/domain/risk';
import { toFlag, toIntegerList } from '@lorawatch/platform/query-params';

/** `x[]=a&x[]=b` or `x=a`; never split on commas, since vendor names hold them. */
export const toArray = ({ value }: { value: unknown }): unknown =>
  value === undefined || value === '' ? undefined : Array.isArray(value) ? value : [value];

/** Filters every asset list shares (docs/api.md §10, §13). */
export class AssetScopeQuery {
  @IsOptional()
  @IsIn(['device', 'gateway'], { message: 'asset_type must be device or gateway' })
  asset_type?: 'device' | 'gateway';

  @IsOptional()
  @Transform(toIntegerList)
  @IsArray({ message: 'data_collector_ids must be data source ids' })
  @IsInt({ each: true, message: 'data_collector_ids must be data source ids' })
  data_collector_ids?: number[];

  /** Gateways by their integer asset id: those gateways and the devices they hear. */
  @IsOptional()
  @Transform(toIntegerList)
  @IsArray({ message: 'gateway_ids must be gateway ids' })
  @IsInt({ each: true, message: 'gateway_ids must be gateway ids' })
  gateway_ids?: number[];
}

/** The inventory's filters (docs/api.md §10) and a free-text search over the asset's names. */
export class InventoryFilterQuery extends AssetScopeQuery {
  /** Vendor names; the literal `null` stands for assets of no known vendor. */
  @IsOptional()
  @Transform(toArray)
  @IsArray()
  @IsString({ each: true, message: 'vendors must be vendor names' })
  vendors?: string[];

  /** The asset must carry every one of these tags. */
  @IsOptional()
  @Transform(toIntegerList)
  @IsArray({ message: 'tag_ids must be tag ids' })
  @IsInt({ each: true, message: 'tag_ids must be tag ids' })
  tag_ids?: number[];

  @IsOptional()
  @Transform(toArray)
  @IsArray()
  @IsIn([...IMPORTANCES], { each: true, message: 'importances must be LOW, MEDIUM or HIGH' })
  importances?: string[];

  /** true: only the assets the caller hid; otherwise only those they did not. */
  @IsOptional()
  @Transform(toFlag)
  hidden?: boolean;

  @IsOptional()
  @IsString({ message: 'search_param must be a text' })
  @MaxLength(200, { message: 'search_param must be at most 200 characters' })
  search_param?: string;
}

export class OrderedQuery {
  /** `[field, ASC|DESC]`. */
  @IsOptional()
  @Transform(toArray)
  @IsArray()
  @IsString({ each: true })
  order_by?: string[];
}

import { Transform } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { toInteger, toIntegerList } from '@lorawatch/platform/query-params';
import { AssetScopeQuery, toArray } from '../shared/asset-filter.query';

/** GET assets/search (docs/api.md §14). `asset_type` and `importances` are accepted and ignored, as there. */
export class SearchAssetsQuery extends AssetScopeQuery {
  @IsOptional()
  @IsString({ message: 'search_param must be a text' })
  @MaxLength(200, { message: 'search_param must be at most 200 characters' })
  search_param?: string;

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

  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'page_ids must be an integer' })
  @Min(1, { message: 'page_ids must be 1 or more' })
  page_ids?: number;

  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'size_ids must be an integer' })
  @Min(1, { message: 'size_ids must be 1 or more' })
  @Max(1000, { message: 'size_ids must be 1000 or less' })
  size_ids?: number;

  @IsOptional()
  @IsIn(['connected', 'disconnected'], { message: 'asset_status must be connected or disconnected' })
  asset_status?: 'connected' | 'disconnected';

  @IsOptional()
  @Transform(toIntegerList)
  @IsArray({ message: 'tag_ids must be tag ids' })
  @IsInt({ each: true, message: 'tag_ids must be tag ids' })
  tag_ids?: number[];

  @IsOptional()
  @Transform(toArray)
  @IsArray()
  @IsString({ each: true })
  importances?: string[];

  /** Not in the original: answer as at this past ISO time, from the events recorded up to it. */
  @IsOptional()
  @IsString({ message: 'as_of must be an ISO 8601 time' })
  as_of?: string;
}

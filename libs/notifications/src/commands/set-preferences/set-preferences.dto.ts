import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';

/** One extra destination as the console sends it back: an email, a phone, or a webhook URL with its secret. */
export class AdditionalDestinationDto {
  @IsOptional()
  @IsInt({ message: 'additional id must be an integer' })
  id?: number | null;

  @IsOptional()
  @IsString({ message: 'email must be a string' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  email?: string;

  @IsOptional()
  @IsString({ message: 'phone must be a string' })
  @MaxLength(32, { message: 'phone must be at most 32 characters' })
  phone?: string;

  @IsOptional()
  @IsString({ message: 'url must be a string' })
  @MaxLength(2048, { message: 'url must be at most 2048 characters' })
  url?: string;

  /** Write-only: null or absent keeps the stored secret of an existing webhook. */
  @IsOptional()
  @IsString({ message: 'secret must be a string' })
  @MaxLength(512, { message: 'secret must be at most 512 characters' })
  secret?: string | null;

  /** Shown by GET; ignored on PUT (activation is proven by the link, not declared). */
  @IsOptional()
  @IsBoolean({ message: 'active must be a boolean' })
  active?: boolean;
}

export class DestinationPreferenceDto {
  @IsString({ message: 'destination must be a string' })
  destination!: string;

  @IsBoolean({ message: 'enabled must be a boolean' })
  enabled!: boolean;

  @IsOptional()
  @IsArray({ message: 'additional must be a list' })
  @ValidateNested({ each: true })
  @Type(() => AdditionalDestinationDto)
  additional?: AdditionalDestinationDto[];
}

export class NamedFlagDto {
  @IsString({ message: 'name must be a string' })
  name!: string;

  @IsBoolean({ message: 'enabled must be a boolean' })
  enabled!: boolean;
}

export class DataSourcePreferenceDto {
  @IsInt({ message: 'dataCollectorId must be an integer' })
  dataCollectorId!: number;

  @IsBoolean({ message: 'enabled must be a boolean' })
  enabled!: boolean;

  /** The data source as GET showed it; sent back by the console and ignored. */
  @IsOptional()
  @IsObject()
  dataCollector?: Record<string, unknown>;
}

export class TagReferenceDto {
  @IsInt({ message: 'asset_tags id must be an integer' })
  id!: number;

  @IsOptional()
  @IsString()
  name?: string;

  @IsOptional()
  @IsString()
  color?: string;
}

/** PUT notifications/preferences: the shape GET answers, all five keys (docs/api.md §9). */
export class PreferencesDto {
  @IsArray({ message: 'destinations must be a list' })
  @ValidateNested({ each: true })
  @Type(() => DestinationPreferenceDto)
  destinations!: DestinationPreferenceDto[];

  @IsArray({ message: 'risks must be a list' })
  @ValidateNested({ each: true })
  @Type(() => NamedFlagDto)
  risks!: NamedFlagDto[];

  @IsArray({ message: 'asset_importance must be a list' })
  @ValidateNested({ each: true })
  @Type(() => NamedFlagDto)
  asset_importance!: NamedFlagDto[];

  @IsArray({ message: 'dataCollectors must be a list' })
  @ValidateNested({ each: true })
  @Type(() => DataSourcePreferenceDto)
  dataCollectors!: DataSourcePreferenceDto[];

  @IsArray({ message: 'asset_tags must be a list' })
  @ValidateNested({ each: true })
  @Type(() => TagReferenceDto)
  asset_tags!: TagReferenceDto[];
}

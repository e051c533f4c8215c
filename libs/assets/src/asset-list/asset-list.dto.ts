import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, ValidateNested } from 'class-validator';

/** One entry of `asset_list` (docs/api.md §10, §11). */
export class AssetListItem {
  @ApiProperty({ example: 123456789 })
  @IsInt({ message: 'asset_id must be the integer id of an asset' })
  asset_id!: number;

  @ApiProperty({ enum: ['device', 'gateway'] })
  @IsIn(['device', 'gateway'], { message: 'asset_type must be device or gateway' })
  asset_type!: 'device' | 'gateway';
}

export class AssetListBody {
  @ApiProperty({ type: [AssetListItem] })
  @IsArray({ message: 'asset_list must be a list of {asset_id, asset_type}' })
  @ValidateNested({ each: true })
  @Type(() => AssetListItem)
  asset_list!: AssetListItem[];
}

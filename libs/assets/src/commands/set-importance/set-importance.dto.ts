import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { AssetListBody } from '../../asset-list/asset-list.dto';

/** Body of POST inventory/set_importance (docs/api.md §10); the value itself is checked by the domain. */
export class SetImportanceBody extends AssetListBody {
  @ApiProperty({ enum: ['LOW', 'MEDIUM', 'HIGH'] })
  @IsString({ message: 'importance must be LOW, MEDIUM or HIGH' })
  importance!: string;
}

import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { AssetListBody } from '../../asset-list/asset-list.dto';

/** Body of POST inventory/set_hiding (docs/api.md §10). */
export class SetHidingBody extends AssetListBody {
  @ApiProperty()
  @IsBoolean({ message: 'hidden must be true or false' })
  hidden!: boolean;
}

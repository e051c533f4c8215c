import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, ValidateNested } from 'class-validator';
import { coded } from '../../http/coded';
import { PolicyItemRequest } from './policy-item.request';
import { PolicyName } from './policy-name';

/** Body of POST policies and PUT policies/{id} (docs/api.md §8). */
export class PolicyRequest {
  @PolicyName()
  name!: string;

  @ApiProperty({
    type: [PolicyItemRequest],
    description:
      'One item per alert type at most. On create, types left out are enabled with their defaults; on update, they keep their item.',
  })
  @IsArray(coded('MISSING_ITEMS', 'Missing items'))
  @ArrayMaxSize(100, coded('EXCEED_MAX_ITEMS', 'At most 100 items', { maxItems: 100 }))
  @ValidateNested({ each: true, ...coded('INVALID_ITEM', 'Each item must be an object') })
  @Type(() => PolicyItemRequest)
  items!: PolicyItemRequest[];
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Min } from 'class-validator';
import { toInteger } from '@lorawatch/platform/query-params';
import { PolicyName } from '../shared/policy-name';

export class CreatePolicyQuery {
  @ApiPropertyOptional({ description: 'Copy the items of this policy (own or global) under the new name' })
  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'clone must be a policy id' })
  @Min(1, { message: 'clone must be a policy id' })
  clone?: number;
}

/** Body of POST policies?clone={id}: only the new name, the items come from the cloned policy. */
export class ClonePolicyRequest {
  @PolicyName()
  name!: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { PolicyItemRequest } from '@lorawatch/policies';

/** A policy tried without saving it: its items, as the policy create body sends them. */
export class WhatIfPolicyRequest {
  @ApiProperty({
    type: [PolicyItemRequest],
    description: 'One item per alert type at most; types left out are enabled with their defaults',
  })
  @IsArray({ message: 'policy.items must be a list of policy items' })
  @ArrayMaxSize(100, { message: 'policy.items holds at most 100 items' })
  @ValidateNested({ each: true, message: 'each item of policy.items must be an object' })
  @Type(() => PolicyItemRequest)
  items!: PolicyItemRequest[];
}

/**
 * Body of POST what_if. Where a field has several rules, the type check comes last: it is checked, and reported,
 * first.
 */
export class WhatIfRequest {
  @ApiPropertyOptional({ description: 'A saved policy to try; give it or `policy`, not both', example: 3 })
  @IsOptional()
  @Min(1, { message: 'policy_id must be 1 or more' })
  @Max(Number.MAX_SAFE_INTEGER, { message: 'policy_id is too large' })
  @IsInt({ message: 'policy_id must be an integer' })
  policy_id?: number;

  @ApiPropertyOptional({ type: WhatIfPolicyRequest, description: 'A policy to try as it is being edited' })
  @IsOptional()
  @ValidateNested()
  @Type(() => WhatIfPolicyRequest)
  @IsObject({ message: 'policy must be an object with items' })
  policy?: WhatIfPolicyRequest;

  @ApiPropertyOptional({
    description: 'Only this data source; every data source of the organisation without it',
  })
  @IsOptional()
  @Min(1, { message: 'data_collector_id must be 1 or more' })
  @Max(Number.MAX_SAFE_INTEGER, { message: 'data_collector_id is too large' })
  @IsInt({ message: 'data_collector_id must be an integer' })
  data_collector_id?: number;

  @ApiProperty({ format: 'date-time', description: 'Start of the range (inclusive)' })
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date or date-time' })
  from!: string;

  @ApiProperty({ format: 'date-time', description: 'End of the range (inclusive), after from' })
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date or date-time' })
  to!: string;
}

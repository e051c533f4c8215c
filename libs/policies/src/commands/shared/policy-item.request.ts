import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsNotEmpty, IsObject, IsOptional, IsString } from 'class-validator';
import { coded } from '../../http/coded';

/** One item of a policy body: whether an alert type is raised, and its parameters (catalogue-checked later). */
export class PolicyItemRequest {
  @ApiPropertyOptional({ description: 'The id the item was listed with (on update); the alert type id' })
  @IsOptional()
  @IsInt(coded('INVALID_ITEM_ID', 'id must be an integer'))
  id?: number;

  @ApiProperty({ example: 'LAF-010' })
  @IsString(coded('MISSING_ALERT_TYPE_CODE', 'Missing alertTypeCode'))
  @IsNotEmpty(coded('MISSING_ALERT_TYPE_CODE', 'Missing alertTypeCode'))
  alertTypeCode!: string;

  @ApiProperty()
  @IsBoolean(coded('MISSING_ENABLED', 'Missing enabled (true or false)'))
  enabled!: boolean;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    example: { location_accuracy: 50 },
    description: "Values of the alert type's parameters; a missing or null one takes the default",
  })
  @IsObject(coded('MISSING_PARAMETERS', 'Missing parameters (an object)'))
  parameters!: Record<string, unknown>;
}

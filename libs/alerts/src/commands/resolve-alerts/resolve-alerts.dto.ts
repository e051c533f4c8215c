import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  MaxLength,
  Min,
} from 'class-validator';
import { MAX_COMMENT_LENGTH } from '../resolve-alert/resolve-alert.dto';

/** The most alerts one bulk resolve takes: a page of the Alerts review at its largest size. */
export const MAX_BULK_RESOLVE = 100;

/** Body of PUT alerts/resolve: the alerts to resolve and one comment for all of them. */
export class ResolveAlertsBody {
  @ApiProperty({ type: [Number], minItems: 1, maxItems: MAX_BULK_RESOLVE })
  @IsArray({ message: 'ids must be a list of alert ids' })
  @ArrayMinSize(1, { message: 'ids must name at least one alert' })
  @ArrayMaxSize(MAX_BULK_RESOLVE, { message: `ids must name at most ${MAX_BULK_RESOLVE} alerts` })
  @IsInt({ each: true, message: 'ids must be a list of alert ids' })
  @Min(0, { each: true, message: 'ids must be a list of alert ids' })
  ids!: number[];

  @ApiPropertyOptional({ maxLength: MAX_COMMENT_LENGTH })
  @IsOptional()
  @MaxLength(MAX_COMMENT_LENGTH, { message: 'Too long comment. Max length: 1024 characters.' })
  @IsString({ message: 'Error parsing body.' })
  comment?: string;
}

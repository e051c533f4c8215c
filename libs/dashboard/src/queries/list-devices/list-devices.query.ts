import { Type } from 'class-transformer';
import { IsOptional, ValidateNested } from 'class-validator';
import { RawRange } from '@lorawatch/alerts';
import { OffsetPageQuery } from '../traffic-query';

/** GET devices: `last_up_timestamp[gte|lte]`, `page` (0-based), `size`. */
export class ListDevicesQuery extends OffsetPageQuery {
  @IsOptional()
  @ValidateNested()
  @Type(() => RawRange)
  last_up_timestamp?: RawRange;
}

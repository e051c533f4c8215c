import { Type } from 'class-transformer';
import { IsOptional, ValidateNested } from 'class-validator';
import { RawRange } from '@lorawatch/alerts';
import { OffsetPageQuery } from '../traffic-query';

/** GET packets: `date[gte|lte]`, `page` (0-based), `size`. */
export class ListPacketsQuery extends OffsetPageQuery {
  @IsOptional()
  @ValidateNested()
  @Type(() => RawRange)
  date?: RawRange;
}

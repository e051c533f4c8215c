import { Type } from 'class-transformer';
import { IsOptional, ValidateNested } from 'class-validator';
import { RawRange } from '@lorawatch/alerts';
import { TrafficCountQuery } from '../traffic-query';

/** GET packets/count: `date[gte|lte]`, `group_by` DAY (default) or HOUR, `data_collector[]`. */
export class CountPacketsQuery extends TrafficCountQuery {
  @IsOptional()
  @ValidateNested()
  @Type(() => RawRange)
  date?: RawRange;
}

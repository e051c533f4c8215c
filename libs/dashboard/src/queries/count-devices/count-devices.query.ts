import { Type } from 'class-transformer';
import { IsOptional, ValidateNested } from 'class-validator';
import { RawRange } from '@lorawatch/alerts';
import { TrafficCountQuery } from '../traffic-query';

/** GET devices/count: `last_up_timestamp[gte|lte]`, `group_by` DAY (default) or HOUR, `data_collector[]`. */
export class CountDevicesQuery extends TrafficCountQuery {
  @IsOptional()
  @ValidateNested()
  @Type(() => RawRange)
  last_up_timestamp?: RawRange;
}

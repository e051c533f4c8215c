import { Type } from 'class-transformer';
import { IsInt, IsOptional } from 'class-validator';

/** The data source being edited, if any: the test then uses its stored secrets where the body leaves them empty. */
export class StartTestQuery {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'data_collector_id must be the integer id of a data source' })
  data_collector_id?: number;
}

import { IsUUID } from 'class-validator';

export class TestQuery {
  @IsUUID('4', { message: 'data_collector_id must be the id returned by POST data_collectors/test' })
  data_collector_id!: string;
}

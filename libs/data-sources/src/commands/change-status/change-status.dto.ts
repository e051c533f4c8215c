import { IsOptional, IsString } from 'class-validator';

/** Body of PATCH data_collectors/{id}: the status to set. */
export class StatusBody {
  @IsOptional()
  @IsString()
  status?: string;
}

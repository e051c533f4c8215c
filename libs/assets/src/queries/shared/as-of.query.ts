import { IsOptional, IsString } from 'class-validator';

/** The read endpoints of the inventory and the network overview: answer as at a past time. */
export class AsOfQuery {
  /** Not in the original: answer as at this past ISO time, from the events recorded up to it. */
  @IsOptional()
  @IsString({ message: 'as_of must be an ISO 8601 time' })
  as_of?: string;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength } from 'class-validator';
import { toInteger } from '@lorawatch/platform/query-params';

/** Body of POST quarantined_devices/remove (docs/api.md §7). */
export class RemoveIssueBody {
  @ApiProperty({ description: 'Id of the current issue (quarantine record)', example: 12 })
  @Transform(toInteger)
  @IsInt({ message: 'id must be the id of a current issue' })
  id!: number;

  @ApiPropertyOptional({ maxLength: 1024 })
  @IsOptional()
  @IsString({ message: 'comment must be a text' })
  @MaxLength(1024, { message: 'Too long comment. Max length: 1024 characters.' })
  comment?: string;
}

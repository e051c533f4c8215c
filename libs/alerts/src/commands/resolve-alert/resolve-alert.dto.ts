import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export const MAX_COMMENT_LENGTH = 1024;

/** Body of PUT alerts/{id}/resolve (docs/api.md §6). */
export class ResolveAlertBody {
  @ApiPropertyOptional({ maxLength: MAX_COMMENT_LENGTH })
  @IsOptional()
  @MaxLength(MAX_COMMENT_LENGTH, { message: 'Too long comment. Max length: 1024 characters.' })
  // Last, so that it is checked (and reported) first.
  @IsString({ message: 'Error parsing body.' })
  comment?: string;
}

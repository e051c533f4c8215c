import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

/** POST and PATCH tags take name and colour from the query string (docs/api.md §11); the domain checks them. */
export class TagQuery {
  @ApiPropertyOptional({ example: 'north_field' })
  @IsOptional()
  @IsString({ message: 'name must be a text' })
  name?: string;

  @ApiPropertyOptional({ example: '#ff0000' })
  @IsOptional()
  @IsString({ message: 'color must be a text' })
  color?: string;
}

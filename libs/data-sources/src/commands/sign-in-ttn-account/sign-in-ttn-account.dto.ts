import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { toInteger } from '@lorawatch/platform/query-params';

/** Body of POST data_collectors/ttn_credentials (and ttn_v2_credentials): a TTN v2 account and its server. */
export class TtnCredentialsRequest {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(119)
  user?: string;

  @ApiPropertyOptional({ format: 'password' })
  @IsOptional()
  @IsString()
  @MaxLength(119)
  password?: string;

  @ApiPropertyOptional({
    description: 'The TTN v2 server (URL or host): the public one was shut down in 2021',
  })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$|^https?:\/\/[^\s/$.?#][^\s]*$/, {
    message: 'URL invalid',
  })
  ip?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(toInteger)
  @IsInt({ message: 'Port invalid' })
  @Min(1, { message: 'Port invalid' })
  @Max(65535, { message: 'Port invalid' })
  port?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  ssl?: boolean;
}

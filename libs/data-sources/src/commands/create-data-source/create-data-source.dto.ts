import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';

const toBoolean = ({ value }: { value: unknown }) =>
  value === true || value === 'true' || value === 'True'
    ? true
    : value === false || value === 'false' || value === 'False'
      ? false
      : value;
const toInteger = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
const emptyToNull = ({ value }: { value: unknown }) => (value === '' ? null : value);

/** Body of POST/PUT data_collectors and POST data_collectors/test (api-reference §4). */
export class DataSourceRequest {
  @ApiProperty({ maxLength: 120 })
  @IsString()
  @IsNotEmpty({ message: 'Missing name' })
  @MaxLength(120, { message: 'Name field too long. Max is 120 characters.' })
  name!: string;

  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional()
  @IsString()
  @MaxLength(1000, { message: 'Description field too long. Max is 1000 characters.' })
  description?: string;

  @ApiProperty({ description: 'See GET data_collector_types', example: 1 })
  @Transform(toInteger)
  @IsInt({ message: 'Invalid data_collector_type_id' })
  data_collector_type_id!: number;

  @ApiProperty({ example: 1 })
  @Transform(toInteger)
  @IsInt({ message: 'policy_id must be a policy id' })
  policy_id!: number;

  @ApiProperty({ description: 'Broker host name or IP address', example: '127.0.0.1' })
  @IsString({ message: 'IP invalid' })
  @Matches(/^[A-Za-z0-9.-]{1,253}$|^\[?[0-9A-Fa-f:]+\]?$/, { message: 'IP invalid' })
  ip!: string;

  @ApiProperty({ minimum: 1, maximum: 65535, example: 1883 })
  @Transform(toInteger)
  @IsInt({ message: 'Port invalid' })
  @Min(1, { message: 'Port invalid' })
  @Max(65535, { message: 'Port invalid' })
  port!: number;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(200)
  user?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    description: 'Encrypted at rest, never returned',
    format: 'password',
  })
  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(500)
  password?: string | null;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'ssl must be true or false' })
  ssl?: boolean;

  @ApiPropertyOptional({ nullable: true, description: 'PEM' })
  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(20000)
  ca_cert?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'PEM' })
  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(20000)
  client_cert?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'PEM; encrypted at rest, never returned' })
  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(20000)
  client_key?: string | null;

  @ApiPropertyOptional({ type: [String], description: 'Default: the gateway topics of the type' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(500, { each: true })
  @Matches(/^[^\s#+]*(?:\/(?:\+|#|[^\s#+/]*))*$|^[+#]$|^\+\/.*$/, { each: true, message: 'Invalid topic' })
  topics?: string[];
}

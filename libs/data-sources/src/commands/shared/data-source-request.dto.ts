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
import { toInteger } from '@lorawatch/platform/query-params';

const toBoolean = ({ value }: { value: unknown }) =>
  value === true || value === 'true' || value === 'True'
    ? true
    : value === false || value === 'false' || value === 'False'
      ? false
      : value;
const emptyToNull = ({ value }: { value: unknown }) => (value === '' ? null : value);
const toOptionalInteger = ({ value }: { value: unknown }) => (value === '' ? null : toInteger({ value }));
/** Secrets: absent or "" keeps the stored one (the API never returns it, so forms send it empty); null clears it. */
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);
const HOST =
  /^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$|^\[?[0-9A-Fa-f:]+\]?$|^https?:\/\/[^\s/$.?#][^\s]*$/;
// An MQTT topic filter: levels separated by '/', '+' alone in a level, '#' alone and last.
const TOPIC = /^(?:[^#+/]*|\+)(?:\/(?:[^#+/]*|\+))*(?:\/#)?$|^#$/;

/** Body of POST/PUT data_collectors and POST data_collectors/test (docs/api.md §4, console part 2 §5). */
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

  @ApiPropertyOptional({
    description: 'Broker host name or IP (TTN v3 local server: also a URL)',
    example: '127.0.0.1',
  })
  @IsOptional()
  @Transform(emptyToNull)
  @IsString({ message: 'IP invalid' })
  @Matches(HOST, { message: 'IP invalid' })
  ip?: string | null;

  @ApiPropertyOptional({ minimum: 1, maximum: 65535, example: 1883 })
  @IsOptional()
  @Transform(toOptionalInteger)
  @IsInt({ message: 'Port invalid' })
  @Min(1, { message: 'Port invalid' })
  @Max(65535, { message: 'Port invalid' })
  port?: number | null;

  @ApiPropertyOptional({ nullable: true, maxLength: 119 })
  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(119, { message: 'User must be shorter than 120 characters' })
  user?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    format: 'password',
    description: 'Encrypted at rest, never returned; "" keeps it',
  })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MaxLength(119, { message: 'Password must be shorter than 120 characters' })
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

  @ApiPropertyOptional({ nullable: true, description: 'PEM; encrypted at rest, never returned; "" keeps it' })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MaxLength(20000)
  client_key?: string | null;

  @ApiPropertyOptional({
    type: [String],
    description: 'MQTT topic filters; default: the gateway topics of the type',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(500, { each: true })
  @Matches(TOPIC, { each: true, message: 'Invalid topic' })
  topics?: string[];

  @ApiPropertyOptional({ description: 'TTN v3: comma-separated gateway ids' })
  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(2000)
  @Matches(/^[a-z0-9](?:[-]?[a-z0-9]){1,35}(?:,[a-z0-9](?:[-]?[a-z0-9]){1,35})*$/, {
    message: 'gateway_id must be TTN gateway ids (lowercase letters, digits, hyphens), comma-separated',
  })
  gateway_id?: string | null;

  @ApiPropertyOptional({ description: 'TTN v3: comma-separated gateway names, parallel to gateway_id' })
  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(2000)
  gateway_name?: string | null;

  @ApiPropertyOptional({
    format: 'password',
    description: 'TTN v3 gateway API key; encrypted at rest, never returned',
  })
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MaxLength(119, { message: 'Gateway API key must be shorter than 120 characters' })
  gateway_api_key?: string | null;

  @ApiPropertyOptional({ description: 'TTN v3 region: see GET data_collectors/ttn_regions' })
  @IsOptional()
  @Transform(toOptionalInteger)
  @IsInt({ message: 'Invalid region_id' })
  region_id?: number | null;

  @ApiPropertyOptional({ description: 'TTN v3: use a local server (ip, port) instead of a region cluster' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'custom_ip must be true or false' })
  custom_ip?: boolean;
}

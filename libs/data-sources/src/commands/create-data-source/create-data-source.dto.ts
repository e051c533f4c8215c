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
  @IsString()
  @IsNotEmpty({ message: 'Missing name' })
  @MaxLength(120, { message: 'Name field too long. Max is 120 characters.' })
  name!: string;

  @IsOptional()
  @IsString()
  @MaxLength(1000, { message: 'Description field too long. Max is 1000 characters.' })
  description?: string;

  @Transform(toInteger)
  @IsInt({ message: 'Invalid data_collector_type_id' })
  data_collector_type_id!: number;

  @Transform(toInteger)
  @IsInt({ message: 'policy_id must be a policy id' })
  policy_id!: number;

  @IsString({ message: 'IP invalid' })
  @Matches(/^[A-Za-z0-9.-]{1,253}$|^\[?[0-9A-Fa-f:]+\]?$/, { message: 'IP invalid' })
  ip!: string;

  @Transform(toInteger)
  @IsInt({ message: 'Port invalid' })
  @Min(1, { message: 'Port invalid' })
  @Max(65535, { message: 'Port invalid' })
  port!: number;

  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(200)
  user?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(500)
  password?: string | null;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'ssl must be true or false' })
  ssl?: boolean;

  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(20000)
  ca_cert?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(20000)
  client_cert?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @IsString()
  @MaxLength(20000)
  client_key?: string | null;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(500, { each: true })
  @Matches(/^[^\s#+]*(?:\/(?:\+|#|[^\s#+/]*))*$|^[+#]$|^\+\/.*$/, { each: true, message: 'Invalid topic' })
  topics?: string[];
}

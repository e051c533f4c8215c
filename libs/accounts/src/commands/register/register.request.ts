import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsArray, IsInt, IsOptional, IsString, MaxLength } from 'class-validator';

/** Types only: the field rules and their texts are the domain's (user-rules.ts). */
export class RegisterRequest {
  @ApiProperty({ example: 'jdoe', description: '3 to 32 of a-z, 0-9, period, hyphen, underscore' })
  @MaxLength(200, { message: 'You have to enter a valid username' })
  @IsString({ message: 'You have to enter a username' })
  username!: string;

  @ApiProperty({ example: 'Jane Doe', maxLength: 64 })
  @MaxLength(1000, { message: 'Full name is too long. Please enter a maximum of 64 characters.' })
  @IsString({ message: 'You have to enter a full name' })
  full_name!: string;

  @ApiProperty({ example: 'jane@example.com', maxLength: 320 })
  @MaxLength(1000, { message: 'Email is too long. Please enter a maximum of 320 characters.' })
  @IsString({ message: 'You have to enter an email' })
  email!: string;

  @ApiPropertyOptional({ example: '+598-99123456', nullable: true })
  @IsOptional()
  @MaxLength(200, { message: 'Phone is not valid' })
  @IsString({ message: 'Phone must be a text such as +598-99123456' })
  phone?: string | null;

  @ApiPropertyOptional({
    description: 'Admin creation only: exactly one role, 1 (user) or 2 (admin); "1", 1 or [1]',
    example: '1',
  })
  @Allow()
  user_roles?: unknown;

  @ApiPropertyOptional({ type: [Number], description: 'Accepted for compatibility; not used' })
  @IsOptional()
  @IsArray({ message: 'data_collectors must be a list of ids' })
  @IsInt({ each: true, message: 'data_collectors must be a list of ids' })
  data_collectors?: number[];

  @ApiPropertyOptional({ description: 'Self sign-up: the reCAPTCHA response token' })
  @IsOptional()
  @MaxLength(10000, { message: 'Invalid recaptcha token' })
  @IsString({ message: 'Invalid recaptcha token' })
  recaptcha_token?: string;
}

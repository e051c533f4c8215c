import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** A new password, as the set-password screens send it (with its repetition). */
export class NewPasswordRequest {
  @ApiProperty({
    format: 'password',
    description: '8–50 characters, upper, lower, digit and symbol, no spaces',
  })
  @MaxLength(200, { message: 'Password is not valid' })
  @IsString({ message: 'You have to enter a password' })
  password!: string;

  @ApiPropertyOptional({ format: 'password', description: 'The repetition; must match when given' })
  @IsOptional()
  @MaxLength(200, { message: 'Passwords do not match' })
  @IsString({ message: 'Passwords do not match' })
  password2?: string;
}

import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class LoginRequest {
  @ApiProperty({ description: 'Username or email (trimmed, case-insensitive)', example: 'admin' })
  @IsString({ message: 'You have to enter username or email' })
  @IsNotEmpty({ message: 'You have to enter username or email' })
  @MaxLength(320)
  username!: string;

  @ApiProperty({ format: 'password' })
  @IsString({ message: 'You have to enter a password' })
  @IsNotEmpty({ message: 'You have to enter a password' })
  @MaxLength(200)
  password!: string;
}

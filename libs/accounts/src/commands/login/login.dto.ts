import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class LoginRequest {
  @IsString({ message: 'You have to enter username or email' })
  @IsNotEmpty({ message: 'You have to enter username or email' })
  @MaxLength(320)
  username!: string;

  @IsString({ message: 'You have to enter a password' })
  @IsNotEmpty({ message: 'You have to enter a password' })
  @MaxLength(200)
  password!: string;
}

import { Controller, Put, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiProperty, ApiPropertyOptional, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import type { Request, Response } from 'express';
import { Public } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { Outcome } from '../../domain/account-errors';
import { AccountBody, accepted, validBody } from '../../http/account-http';
import { RateLimitGuard, RateLimited } from '../../rate-limit/rate-limiter';
import { RecoverPasswordCommand } from './recover-password.handler';

export class RecoverPasswordRequest {
  @ApiProperty({ description: 'Username or e-mail (trimmed)', example: 'jdoe' })
  @MinLength(1, { message: 'You have to enter a username or email' })
  @MaxLength(320, { message: 'Email is too long. Please enter a maximum of 320 characters.' })
  @IsString({ message: 'You have to enter a username or email' })
  email!: string;

  @ApiPropertyOptional({
    description: 'The reCAPTCHA response token (required when reCAPTCHA is configured)',
  })
  @IsOptional()
  @MaxLength(10000, { message: 'Got bad recaptcha token while triying to recover password' })
  @IsString({ message: 'Got bad recaptcha token while triying to recover password' })
  recaptcha_token?: string;
}

@ApiTags('accounts')
@Controller('api/v1.0')
export class RecoverPasswordController {
  constructor(private readonly commands: CommandBus) {}

  @Public()
  @RateLimited('passwordRecovery')
  @UseGuards(RateLimitGuard)
  @Put('password_recovery')
  @ApiBody({ type: RecoverPasswordRequest })
  @ApiResponse({ status: 200, description: 'null, whether or not the account exists' })
  @ApiResponse({ status: 400, description: 'A missing or bad captcha' })
  @ApiResponse({ status: 429, description: 'Too many requests from this address' })
  async recoverPassword(
    @AccountBody() raw: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const body = await validBody(RecoverPasswordRequest, raw);
    accepted(
      await this.commands.execute<RecoverPasswordCommand, Outcome<null>>(
        new RecoverPasswordCommand(body.email.trim(), body.recaptcha_token, request.ip),
      ),
    );
    // The contract's body is a JSON null, which Nest would otherwise send as an empty body.
    response.status(200).json(null);
  }
}

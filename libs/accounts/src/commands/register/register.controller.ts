import { Controller, ForbiddenException, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { OptionalAuth, OptionalUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { Outcome } from '../../domain/account-errors';
import { AccountMessages } from '../../domain/account-errors';
import { ROLE_ADMIN } from '@lorawatch/domain/user.view';
import { AccountBody, accepted, validBody } from '../../http/account-http';
import { RateLimitGuard, RateLimited } from '../../rate-limit/rate-limiter';
import { RegisterCommand } from './register.handler';
import { RegisterRequest } from './register.request';

@ApiTags('accounts')
@Controller('api/v1.0')
export class RegisterController {
  constructor(private readonly commands: CommandBus) {}

  /** Public sign-up, or (with an admin's token) creation of a user of the admin's organization. */
  @OptionalAuth()
  @RateLimited('register')
  @UseGuards(RateLimitGuard)
  @Post('register')
  @HttpCode(200)
  @ApiBody({ type: RegisterRequest })
  @ApiResponse({ status: 200, description: '{"message": "An email was sent to the account provided"}' })
  @ApiResponse({
    status: 400,
    description: '{"message": "<the rule that failed>"}, also without SMTP for a sign-up',
  })
  @ApiResponse({ status: 403, description: 'A token of a user who is not an admin' })
  @ApiResponse({ status: 429, description: 'Too many sign-ups from this address' })
  async register(
    @OptionalUser() caller: AuthUser | null,
    @AccountBody() raw: unknown,
    @Req() request: Request,
  ) {
    if (caller && !caller.roles.includes(ROLE_ADMIN))
      throw new ForbiddenException({
        error: AccountMessages.forbiddenAccess,
        message: AccountMessages.forbidden,
      });
    const body = await validBody(RegisterRequest, raw);
    const message = accepted(
      await this.commands.execute<RegisterCommand, Outcome<string>>(
        new RegisterCommand(
          caller,
          {
            username: body.username,
            fullName: body.full_name,
            email: body.email,
            phone: body.phone,
            roles: body.user_roles,
            recaptchaToken: body.recaptcha_token,
          },
          request.ip,
        ),
      ),
    );
    return { message };
  }
}

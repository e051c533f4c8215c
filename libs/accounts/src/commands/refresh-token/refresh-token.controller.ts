import { Controller, HttpCode, Post, Req, UnauthorizedException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { RefreshTokenBearer } from '@lorawatch/platform/auth/jwt-auth.guard';
import { bearerToken } from '@lorawatch/platform/auth/jwt.strategy';
import { type RefreshClaims, TokenError, TokenService } from '@lorawatch/platform/auth/token.service';
import { RefreshTokenCommand, type RefreshResult } from './refresh-token.handler';

@Controller('api/v1.0')
export class RefreshTokenController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tokens: TokenService,
  ) {}

  /** The refresh token comes as the bearer token (the body is ignored, as in the original console). */
  @RefreshTokenBearer()
  @Post('token_refresh')
  @HttpCode(200)
  async refreshToken(@Req() request: Request) {
    const token = bearerToken(request);
    if (!token)
      throw new UnauthorizedException({
        msg: 'Missing Authorization Header',
        message: 'Missing Authorization Header',
      });
    let claims: RefreshClaims;
    try {
      claims = this.tokens.verify<RefreshClaims>(token, 'refresh');
    } catch (error) {
      const message = error instanceof TokenError ? error.message : 'Invalid token';
      throw new UnauthorizedException({ msg: message, message });
    }
    const result = await this.commands.execute<RefreshTokenCommand, RefreshResult>(
      new RefreshTokenCommand(claims),
    );
    if (!result.ok) throw new UnauthorizedException({ msg: result.message, message: result.message });
    return { access_token: result.accessToken, refresh_token: result.refreshToken };
  }
}

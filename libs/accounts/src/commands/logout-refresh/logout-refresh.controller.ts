import { Controller, HttpCode, Post, Req, UnauthorizedException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { RefreshTokenBearer } from '@lorawatch/platform/auth/jwt-auth.guard';
import { bearerToken } from '@lorawatch/platform/auth/jwt.strategy';
import { type RefreshClaims, TokenError, TokenService } from '@lorawatch/platform/auth/token.service';
import { RevokeRefreshTokenCommand } from './logout-refresh.handler';

const unauthorized = (message: string) => new UnauthorizedException({ msg: message, message });

/** Signing out a refresh token: its whole sign-in ends. */
@ApiTags('accounts')
@ApiBearerAuth()
@Controller('api/v1.0')
export class LogoutRefreshController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tokens: TokenService,
  ) {}

  /** The refresh token comes as the bearer token, as for token_refresh. */
  @RefreshTokenBearer()
  @Post('logout_refresh')
  @HttpCode(200)
  @ApiResponse({ status: 200, description: '{"message": "Refresh token has been revoked"}' })
  @ApiResponse({ status: 401, description: 'Missing, expired or already revoked refresh token' })
  async logoutRefresh(@Req() request: Request) {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Missing Authorization Header');
    let claims: RefreshClaims;
    try {
      claims = this.tokens.verify<RefreshClaims>(token, 'refresh');
    } catch (error) {
      throw unauthorized(error instanceof TokenError ? error.message : 'Invalid token');
    }
    const revoked = await this.commands.execute<RevokeRefreshTokenCommand, boolean>(
      new RevokeRefreshTokenCommand(Number(claims.sub), claims.fam, claims.jti),
    );
    if (!revoked) throw unauthorized('Token has been revoked');
    return { message: 'Refresh token has been revoked' };
  }
}

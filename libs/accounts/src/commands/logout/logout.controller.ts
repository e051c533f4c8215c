import { Controller, HttpCode, Inject, Post, Req, UnauthorizedException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { CurrentClaims, CurrentUser, RefreshTokenBearer } from '@lorawatch/platform/auth/jwt-auth.guard';
import { bearerToken } from '@lorawatch/platform/auth/jwt.strategy';
import {
  type AccessClaims,
  type AuthUser,
  type RefreshClaims,
  TokenError,
  TokenService,
} from '@lorawatch/platform/auth/token.service';
import { RevokeAccessTokenCommand, RevokeRefreshTokenCommand } from './logout.handler';

const unauthorized = (message: string) => new UnauthorizedException({ msg: message, message });

@ApiTags('accounts')
@ApiBearerAuth()
@Controller('api/v1.0')
export class LogoutController {
  constructor(
    private readonly commands: CommandBus,
    private readonly tokens: TokenService,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @Post('logout_access')
  @HttpCode(200)
  @ApiResponse({ status: 200, description: '{"message": "Access token has been revoked"}' })
  async logoutAccess(
    @CurrentUser() caller: AuthUser,
    @CurrentClaims() claims: AccessClaims & { exp?: number },
  ) {
    const expiresAt = new Date((claims.exp ?? Math.floor(Date.now() / 1000) + 86400) * 1000).toISOString();
    await this.commands.execute(
      new RevokeAccessTokenCommand(caller.userId, caller.organizationId, claims.jti, expiresAt),
    );
    // The guard reads the revocation list from the read model: the very next call must be refused.
    await this.readModels.settled();
    return { message: 'Access token has been revoked' };
  }

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

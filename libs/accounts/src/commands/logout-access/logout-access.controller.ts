import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { CurrentClaims, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AccessClaims, AuthUser } from '@lorawatch/platform/auth/token.service';
import { RevokeAccessTokenCommand } from './logout-access.handler';

/** Signing out the access token of the call: refused from the very next call on. */
@ApiTags('accounts')
@ApiBearerAuth()
@Controller('api/v1.0')
export class LogoutAccessController {
  constructor(
    private readonly commands: CommandBus,
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
}

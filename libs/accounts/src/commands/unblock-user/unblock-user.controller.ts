import { Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { Outcome } from '../../domain/account-errors';
import { accepted } from '../../http/account-http';
import { UnblockUserCommand } from './unblock-user.handler';

@ApiTags('users')
@ApiBearerAuth()
@Controller('api/v1.0')
export class UnblockUserController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @AdminOnly()
  @Post('user/:username/unblock')
  @HttpCode(200)
  @ApiResponse({
    status: 200,
    description: '{"message": "User <u> was unblocked."}: sign-ins work again at once',
  })
  @ApiResponse({ status: 403, description: 'Not an admin' })
  @ApiResponse({ status: 404, description: 'No such user in your organization' })
  async unblockUser(@CurrentUser() admin: AuthUser, @Param('username') username: string) {
    const message = accepted(
      await this.commands.execute<UnblockUserCommand, Outcome<string>>(
        new UnblockUserCommand(admin, username),
      ),
    );
    await this.readModels.settled();
    return { message };
  }
}

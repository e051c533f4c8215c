import { Controller, Delete, Inject, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiResponse, ApiTags } from '@nestjs/swagger';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { Outcome } from '../../domain/account-errors';
import { accepted } from '../../http/account-http';
import { DeleteUserCommand } from './delete-user.handler';

@ApiTags('users')
@ApiBearerAuth()
@Controller('api/v1.0')
export class DeleteUserController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @AdminOnly()
  @Delete('user/:username')
  @ApiResponse({ status: 200, description: '{"message": "User <u> was deleted successfully."}' })
  @ApiResponse({ status: 403, description: 'Not an admin, or deleting oneself' })
  @ApiResponse({ status: 404, description: 'No such user in your organization' })
  async deleteUser(@CurrentUser() admin: AuthUser, @Param('username') username: string) {
    const message = accepted(
      await this.commands.execute<DeleteUserCommand, Outcome<string>>(new DeleteUserCommand(admin, username)),
    );
    // The guard reads the deleted flag from the read model: it must be there before we answer.
    await this.readModels.settled();
    return { message };
  }
}

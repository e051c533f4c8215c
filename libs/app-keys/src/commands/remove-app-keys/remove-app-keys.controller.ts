import { Body, Controller, Delete, Inject } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { parseAppKeysRequest } from '../shared/app-keys-request.dto';
import { RemoveAppKeysCommand, type RemoveAppKeysResult } from './remove-app-keys.handler';

/** Admins remove keys from the organisation's AppKey dictionary (docs/api.md §12). */
@ApiTags('AppKeys')
@Controller('api/v1.0')
export class RemoveAppKeysController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  /** `body` is typed unknown so the global pipe leaves it to parseAppKeysRequest. */
  @AdminOnly()
  @Delete('app_keys')
  async removeAppKeys(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    const keys = parseAppKeysRequest(body);
    const result = await this.commands.execute<RemoveAppKeysCommand, RemoveAppKeysResult>(
      new RemoveAppKeysCommand(user.organizationId, user.userId, keys),
    );
    await this.readModels.settled();
    return {
      message: `${result.deleted} app keys deleted, ${result.duplicated} were duplicated and ${result.absent} were not present in user's organization`,
    };
  }
}

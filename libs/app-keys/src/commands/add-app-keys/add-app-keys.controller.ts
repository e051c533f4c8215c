import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly, CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { parseAppKeysRequest } from '../shared/app-keys-request.dto';
import { AddAppKeysCommand, type AddAppKeysResult } from './add-app-keys.handler';

/** Admins add keys to the organisation's AppKey dictionary (docs/api.md §12). */
@ApiTags('AppKeys')
@Controller('api/v1.0')
export class AddAppKeysController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  /** `body` is typed unknown so the global pipe leaves it to parseAppKeysRequest. */
  @AdminOnly()
  @Post('app_keys')
  @HttpCode(200)
  async addAppKeys(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    const keys = parseAppKeysRequest(body);
    const result = await this.commands.execute<AddAppKeysCommand, AddAppKeysResult>(
      new AddAppKeysCommand(user.organizationId, user.userId, keys),
    );
    await this.readModels.settled();
    return {
      message: `${result.created} app keys created, ${result.duplicated} were duplicated and ${result.existing} already existed`,
    };
  }
}

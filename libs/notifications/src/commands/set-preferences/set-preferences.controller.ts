import { Body, Controller, Inject, Put, Res, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { NotificationsErrorFilter } from '../../http/notifications-errors';
import { PreferencesDto } from './set-preferences.dto';
import { SetPreferencesCommand } from './set-preferences.handler';

/**
 * Each user saves their own preferences (docs/api.md §9); the answer is the original's 200 `null`, or `{ warning }`
 * when a part (email without a mail server) could not be saved and the rest was.
 */
@Controller('api/v1.0/notifications')
@UseFilters(NotificationsErrorFilter)
export class SetPreferencesController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @Put('preferences')
  async setNotificationPreferences(
    @CurrentUser() user: AuthUser,
    @Body() body: PreferencesDto,
    @Res() response: Response,
  ) {
    const answer = await this.commands.execute<SetPreferencesCommand, { warning: string } | null>(
      new SetPreferencesCommand(user, body),
    );
    await this.readModels.settled();
    response.status(200).json(answer);
  }
}

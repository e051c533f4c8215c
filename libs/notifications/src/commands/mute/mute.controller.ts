import { Body, Controller, Inject, Put, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import type { NotificationMute } from '../../domain/notification-preferences.events';
import { NotificationsErrorFilter } from '../../http/notifications-errors';
import { MuteBody } from './mute.dto';
import { MuteCommand } from './mute.handler';

/**
 * Not in the original: each user silences an alert type, a device or a gateway for a while (PUT
 * notifications/mutes). While a mute runs, its alerts notify the user nowhere: no bell entry, no live toast, no mail
 * or webhook. Answers the mutes still running.
 */
@ApiTags('Mute')
@Controller('api/v1.0/notifications')
@UseFilters(NotificationsErrorFilter)
export class MuteController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @Put('mutes')
  async mute(@CurrentUser() user: AuthUser, @Body() body: MuteBody): Promise<NotificationMute[]> {
    const mutes = await this.commands.execute<MuteCommand, NotificationMute[]>(
      new MuteCommand(user, body.kind, body.key, body.minutes, body.label?.trim() || undefined),
    );
    await this.readModels.settled();
    return mutes;
  }
}

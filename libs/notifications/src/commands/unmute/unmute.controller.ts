import { Controller, Delete, Inject, Param, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import {
  MUTE_KINDS,
  type MuteKind,
  type NotificationMute,
} from '../../domain/notification-preferences.events';
import { NotificationsErrorFilter, badRequest } from '../../http/notifications-errors';
import { MuteCommand } from '../mute/mute.handler';

/**
 * Not in the original: ending a mute before its time (DELETE notifications/mutes/{kind}/{key}), the mute command
 * without minutes. Answers the mutes still running.
 */
@ApiTags('Mute')
@Controller('api/v1.0/notifications')
@UseFilters(NotificationsErrorFilter)
export class UnmuteController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @Delete('mutes/:kind/:key')
  async unmute(
    @CurrentUser() user: AuthUser,
    @Param('kind') kind: string,
    @Param('key') key: string,
  ): Promise<NotificationMute[]> {
    if (!(MUTE_KINDS as readonly string[]).includes(kind)) {
      throw badRequest('kind must be type, device or gateway');
    }
    const mutes = await this.commands.execute<MuteCommand, NotificationMute[]>(
      new MuteCommand(user, kind as MuteKind, key, null),
    );
    await this.readModels.settled();
    return mutes;
  }
}

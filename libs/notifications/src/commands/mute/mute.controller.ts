import { Body, Controller, Delete, Get, Inject, Param, Put, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { activeMutes } from '../../domain/notification-mutes';
import {
  MUTE_KINDS,
  type MuteKind,
  type NotificationMute,
} from '../../domain/notification-preferences.events';
import { NotificationsErrorFilter, badRequest } from '../../http/notifications-errors';
import { NOTIFICATION_PREFERENCES, type PreferencesView } from '../../projection/preferences.view';
import { MuteBody } from './mute.dto';
import { MuteCommand } from './mute.handler';

/**
 * Not in the original: each user silences an alert type, a device or a gateway for a while (GET / PUT
 * notifications/mutes, DELETE notifications/mutes/{kind}/{key}). While a mute runs, its alerts notify the user
 * nowhere: no bell entry, no live toast, no mail or webhook.
 */
@Controller('api/v1.0/notifications')
@UseFilters(NotificationsErrorFilter)
export class MuteController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('mutes')
  async list(@CurrentUser() user: AuthUser): Promise<NotificationMute[]> {
    const saved = await this.store
      .collection<PreferencesView>(NOTIFICATION_PREFERENCES)
      .get(String(user.userId));
    return activeMutes(saved?.mutes, this.clock.now().toISOString());
  }

  @Put('mutes')
  async mute(@CurrentUser() user: AuthUser, @Body() body: MuteBody): Promise<NotificationMute[]> {
    const mutes = await this.commands.execute<MuteCommand, NotificationMute[]>(
      new MuteCommand(user, body.kind, body.key, body.minutes, body.label?.trim() || undefined),
    );
    await this.readModels.settled();
    return mutes;
  }

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

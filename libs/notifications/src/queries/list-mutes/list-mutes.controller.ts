import { Controller, Get, Inject, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { activeMutes } from '../../domain/notification-mutes';
import type { NotificationMute } from '../../domain/notification-preferences.events';
import { NotificationsErrorFilter } from '../../http/notifications-errors';
import { NOTIFICATION_PREFERENCES, type PreferencesView } from '../../projection/preferences.view';

/** Not in the original: the caller's mutes still running (GET notifications/mutes). */
@ApiTags('Mute')
@Controller('api/v1.0/notifications')
@UseFilters(NotificationsErrorFilter)
export class ListMutesController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('mutes')
  async listMutes(@CurrentUser() user: AuthUser): Promise<NotificationMute[]> {
    const saved = await this.store
      .collection<PreferencesView>(NOTIFICATION_PREFERENCES)
      .get(String(user.userId));
    return activeMutes(saved?.mutes, this.clock.now().toISOString());
  }
}

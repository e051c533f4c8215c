import { Controller, Get, Inject, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import type { NotificationMute } from '../../domain/notification-preferences.events';
import { NotificationsErrorFilter } from '../../http/notifications-errors';
import { listMutes } from './list-mutes.read';

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
  listMutes(@CurrentUser() user: AuthUser): Promise<NotificationMute[]> {
    return listMutes(this.store, user, this.clock.now());
  }
}

import { Controller, Get, Inject, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { NotificationsErrorFilter } from '../../http/notifications-errors';
import { countNotifications } from './count-notifications.read';

/** The count of the caller's unread notifications, the bell's badge (docs/api.md §9). */
@ApiTags('ListNotifications')
@Controller('api/v1.0/notifications')
@UseFilters(NotificationsErrorFilter)
export class CountNotificationsController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get('count')
  countNotifications(@CurrentUser() user: AuthUser) {
    return countNotifications(this.store, user);
  }
}

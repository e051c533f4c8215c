import { Controller, Get, Inject, Query, Res, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { PageQuery } from '@lorawatch/platform/query-params';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { NotificationsErrorFilter } from '../../http/notifications-errors';
import { notificationJson } from '../../projection/notification.json';
import { NOTIFICATIONS, type NotificationView } from '../../projection/notification.view';
import { loadNotifiedAlert } from '../../projection/notified-alert';

/**
 * The caller's own notifications, newest first, paged with total-items / total-pages headers (docs/api.md §9,
 * §1.6 A). Unlike the original, opening the list does not zero the unread count: the badge shows what is really
 * unread.
 */
@ApiTags('ListNotifications')
@Controller('api/v1.0/notifications')
@UseFilters(NotificationsErrorFilter)
export class ListNotificationsController {
  constructor(@Inject(READ_STORE) private readonly store: ReadStore) {}

  @Get()
  async listNotifications(
    @CurrentUser() user: AuthUser,
    @Query() query: PageQuery,
    @Res({ passthrough: true }) response: Response,
  ) {
    const page = query.page ?? 1;
    const size = query.size ?? 20;
    const filter = { userId: user.userId, organizationId: user.organizationId };
    const notifications = this.store.collection<NotificationView>(NOTIFICATIONS);
    const [views, total] = await Promise.all([
      notifications.find(filter, { sort: [['numericId', 'desc']], skip: (page - 1) * size, limit: size }),
      notifications.count(filter),
    ]);
    response.setHeader('total-items', String(total));
    response.setHeader('total-pages', String(Math.ceil(total / size)));
    return Promise.all(
      views.map(async (view) => notificationJson(view, await loadNotifiedAlert(this.store, view.alertId))),
    );
  }
}

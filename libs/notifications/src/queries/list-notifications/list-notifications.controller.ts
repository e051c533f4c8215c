import { Controller, Get, Inject, Query, Res, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { PageQuery } from '@lorawatch/platform/query-params';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { NotificationsErrorFilter } from '../../http/notifications-errors';
import { listNotifications } from './list-notifications.read';

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
    const { items, total, pages } = await listNotifications(this.store, user, query);
    response.setHeader('total-items', String(total));
    response.setHeader('total-pages', String(pages));
    return items;
  }
}

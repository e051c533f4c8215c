import { Controller, HttpCode, Inject, Post, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { NotificationsErrorFilter } from '../../http/notifications-errors';
import { NOTIFICATIONS, type NotificationView } from '../../projection/notification.view';
import { ChangeNotificationCommand } from '../change-notification/change-notification.handler';

/**
 * Not in the original: POST notifications/read_all marks every unread notification of the caller read at once
 * (the bell's "Mark all as read"), each as PATCH notifications/{id} would. Answers how many it marked.
 */
@Controller('api/v1.0/notifications')
@UseFilters(NotificationsErrorFilter)
export class MarkAllReadController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post('read_all')
  @HttpCode(200)
  async markAllNotificationsRead(@CurrentUser() user: AuthUser): Promise<{ count: number }> {
    const unread = await this.store
      .collection<NotificationView>(NOTIFICATIONS)
      .find({ userId: user.userId, organizationId: user.organizationId, readAt: null });
    const readAt = this.clock.now().toISOString();
    for (const view of unread) {
      await this.commands.execute(new ChangeNotificationCommand(user, view.id, { readAt }));
    }
    await this.readModels.settled();
    return { count: unread.length };
  }
}

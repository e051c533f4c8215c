import { Controller, Delete, HttpCode, Inject, Param, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { NotificationsErrorFilter } from '../../http/notifications-errors';
import { ChangeNotificationCommand } from '../change-notification/change-notification.handler';
import { ownNotification } from '../shared/own-notification';

/** DELETE notifications/{id} (docs/api.md §9): the caller removes one of their own notifications, 204. */
@ApiTags('ChangeNotification')
@Controller('api/v1.0/notifications')
@UseFilters(NotificationsErrorFilter)
export class DeleteNotificationController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @Delete(':id')
  @HttpCode(204)
  async deleteNotification(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<void> {
    const view = await ownNotification(this.store, user, id);
    await this.commands.execute(new ChangeNotificationCommand(user, view.id, 'delete'));
    await this.readModels.settled();
  }
}

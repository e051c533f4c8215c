import { Body, Controller, Inject, Param, Patch, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { NotificationsErrorFilter, badRequest } from '../../http/notifications-errors';
import { notificationJson } from '../../projection/notification.json';
import { NOTIFICATIONS, type NotificationView } from '../../projection/notification.view';
import { loadNotifiedAlert } from '../../projection/notified-alert';
import { ownNotification } from '../shared/own-notification';
import { ChangeNotificationCommand } from './change-notification.handler';

class ReadAtBody {
  /** An ISO 8601 date-time (read) or null (unread); checked below for the contract's message. */
  @Allow()
  readAt?: unknown;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** PATCH notifications/{id} (docs/api.md §9): marks the caller's own notification read or unread. */
@ApiTags('ChangeNotification')
@Controller('api/v1.0/notifications')
@UseFilters(NotificationsErrorFilter)
export class ChangeNotificationController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(READ_MODEL_SYNC) private readonly readModels: ReadModelSync,
  ) {}

  @Patch(':id')
  async setNotificationRead(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() body: ReadAtBody,
  ) {
    const view = await ownNotification(this.store, user, id);
    const readAt = parseReadAt(body.readAt);
    if (readAt === undefined) throw badRequest('Bad value for readAt field');
    await this.commands.execute(new ChangeNotificationCommand(user, view.id, { readAt }));
    await this.readModels.settled();
    const current = await this.store.collection<NotificationView>(NOTIFICATIONS).get(view.id);
    return notificationJson(current ?? view, await loadNotifiedAlert(this.store, view.alertId));
  }
}

/** The instant as ISO text, null for unread, undefined when the value is neither. */
function parseReadAt(value: unknown): string | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'string' || !ISO_DATE_TIME.test(value)) return undefined;
  const time = Date.parse(value.replace(' ', 'T'));
  return Number.isFinite(time) ? new Date(time).toISOString() : undefined;
}

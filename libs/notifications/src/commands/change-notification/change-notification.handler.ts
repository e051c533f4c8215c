import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope, loadAggregate } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { NotFound } from '@lorawatch/platform/domain-errors';
import { notificationEvolver } from '../../domain/notification';
import {
  NotificationEventTypes,
  notificationStream,
  type NotificationDeleted,
  type NotificationReadChanged,
} from '../../domain/notification.events';

/** Marks read (readAt set) or unread (null), or deletes, one of the caller's notifications. */
export class ChangeNotificationCommand {
  constructor(
    readonly user: AuthUser,
    readonly notificationId: string,
    readonly change: { readAt: string | null } | 'delete',
  ) {}
}

@CommandHandler(ChangeNotificationCommand)
export class ChangeNotificationHandler implements ICommandHandler<ChangeNotificationCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ user, notificationId, change }: ChangeNotificationCommand): Promise<void> {
    const stream = notificationStream(notificationId);
    const { state, revision } = await loadAggregate(this.events, stream, notificationEvolver);
    if (!state.created || state.deleted || state.created.userId !== user.userId) throw new NotFound();
    const now = this.clock.now().toISOString();
    const who = { organizationId: user.organizationId, actor: String(user.userId) };
    if (change === 'delete') {
      const deleted: NotificationDeleted = { notificationId, userId: user.userId, deletedAt: now };
      await this.events.append(
        stream,
        [envelope(NotificationEventTypes.Deleted, deleted, who, now)],
        revision,
      );
      return;
    }
    if (state.readAt === change.readAt) return;
    const changed: NotificationReadChanged = { notificationId, userId: user.userId, readAt: change.readAt };
    await this.events.append(
      stream,
      [envelope(NotificationEventTypes.ReadChanged, changed, who, now)],
      revision,
    );
  }
}

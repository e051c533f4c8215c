import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope, loadAggregate } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { withMute, withoutMute } from '../../domain/notification-mutes';
import { preferencesEvolver } from '../../domain/notification-preferences';
import {
  PreferencesEventTypes,
  preferencesStream,
  type MuteKind,
  type NotificationMute,
  type NotificationMutesChanged,
} from '../../domain/notification-preferences.events';

/** Mutes (for `minutes`) or unmutes (`minutes` null) an alert type or an asset for the caller. */
export class MuteCommand {
  constructor(
    readonly user: AuthUser,
    readonly kind: MuteKind,
    readonly key: string,
    readonly minutes: number | null,
    /** The type's, device's or gateway's name as the console shows it, kept to list the mute by. */
    readonly label?: string,
  ) {}
}

/** Stored with the user's notification preferences; answers the mutes running after the change. */
@CommandHandler(MuteCommand)
export class MuteHandler implements ICommandHandler<MuteCommand, NotificationMute[]> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ user, kind, key, minutes, label }: MuteCommand): Promise<NotificationMute[]> {
    const stream = preferencesStream(user.userId);
    const { state, revision } = await loadAggregate(this.events, stream, preferencesEvolver);
    const at = this.clock.now().toISOString();
    const mutes =
      minutes === null
        ? withoutMute(state.mutes, kind, key, at)
        : withMute(state.mutes, kind, key, minutes, at, label);
    const changed: NotificationMutesChanged = {
      userId: user.userId,
      organizationId: user.organizationId,
      mutes,
    };
    const who = { organizationId: user.organizationId, actor: String(user.userId) };
    await this.events.append(
      stream,
      [envelope(PreferencesEventTypes.MutesChanged, changed, who, at)],
      revision,
    );
    return mutes;
  }
}

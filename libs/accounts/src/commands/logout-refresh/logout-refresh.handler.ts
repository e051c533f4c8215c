import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope, loadAggregate } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { AccountEventTypes, type SessionRevoked } from '../../domain/account.events';
import { decideRefresh, sessionEvolver } from '../../domain/session';

export class RevokeRefreshTokenCommand {
  constructor(
    readonly userId: number,
    readonly familyId: string,
    readonly tokenId: string,
  ) {}
}

/** Signing out a refresh token ends its whole sign-in (every rotation of it). False when it was no longer valid. */
@CommandHandler(RevokeRefreshTokenCommand)
export class RevokeRefreshTokenHandler implements ICommandHandler<RevokeRefreshTokenCommand, boolean> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, familyId, tokenId }: RevokeRefreshTokenCommand): Promise<boolean> {
    const streamId = `session-${familyId}`;
    const { state, revision } = await loadAggregate(this.events, streamId, sessionEvolver);
    if (decideRefresh(state, tokenId).kind !== 'rotate') return false;
    const revoked: SessionRevoked = { familyId, reason: 'sign-out' };
    await this.events.append(
      streamId,
      [
        envelope(
          AccountEventTypes.SessionRevoked,
          revoked,
          { organizationId: null, actor: String(userId) },
          this.clock.now().toISOString(),
        ),
      ],
      revision,
    );
    return true;
  }
}

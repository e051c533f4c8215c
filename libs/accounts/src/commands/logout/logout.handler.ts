import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  EVENT_STORE,
  WrongExpectedRevisionError,
  type EventStore,
} from '@lorawatch/event-store/event-store.port';
import { envelope, loadAggregate } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import {
  AccountEventTypes,
  accessTokenStream,
  type AccessTokenRevoked,
  type SessionRevoked,
} from '../../domain/account.events';
import { decideRefresh, sessionEvolver } from '../../domain/session';

export class RevokeAccessTokenCommand {
  constructor(
    readonly userId: number,
    readonly organizationId: number,
    readonly tokenId: string,
    readonly expiresAt: string,
  ) {}
}

export class RevokeRefreshTokenCommand {
  constructor(
    readonly userId: number,
    readonly familyId: string,
    readonly tokenId: string,
  ) {}
}

/** Signing out an access token: its id joins the list the guard refuses until the token expires. */
@CommandHandler(RevokeAccessTokenCommand)
export class RevokeAccessTokenHandler implements ICommandHandler<RevokeAccessTokenCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, organizationId, tokenId, expiresAt }: RevokeAccessTokenCommand): Promise<void> {
    const revoked: AccessTokenRevoked = { tokenId, userId, expiresAt };
    try {
      await this.events.append(
        accessTokenStream(tokenId),
        [
          envelope(
            AccountEventTypes.AccessTokenRevoked,
            revoked,
            { organizationId, actor: String(userId) },
            this.clock.now().toISOString(),
          ),
        ],
        'no_stream',
      );
    } catch (error) {
      // Revoked twice at the same moment: the first one did it.
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
  }
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

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  EVENT_STORE,
  WrongExpectedRevisionError,
  type EventStore,
} from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { AccountEventTypes, accessTokenStream, type AccessTokenRevoked } from '../../domain/account.events';

export class RevokeAccessTokenCommand {
  constructor(
    readonly userId: number,
    readonly organizationId: number,
    readonly tokenId: string,
    readonly expiresAt: string,
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

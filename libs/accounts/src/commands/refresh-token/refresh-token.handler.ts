import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope, loadAggregate } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { mayHoldSession, sessionEnded } from '@lorawatch/platform/auth/access-check';
import { AccountEventTypes } from '../../domain/account.events';
import { decideRefresh, sessionEvolver } from '../../domain/session';
import { type RefreshClaims, TokenService } from '@lorawatch/platform/auth/token.service';
import { USERS, type UserView } from '@lorawatch/domain/user.view';
import { authUserOf } from '../../projection/user.view';

export class RefreshTokenCommand {
  constructor(readonly claims: RefreshClaims) {}
}

export type RefreshResult =
  { ok: true; accessToken: string; refreshToken: string } | { ok: false; message: string };

/**
 * Rotates the refresh token on every use; a replayed (older) refresh token revokes the whole sign-in. The new token
 * expires with the sign-in (REFRESH_TOKEN_SECONDS after it started), not later.
 */
@CommandHandler(RefreshTokenCommand)
export class RefreshTokenHandler implements ICommandHandler<RefreshTokenCommand, RefreshResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: TokenService,
  ) {}

  async execute({ claims }: RefreshTokenCommand): Promise<RefreshResult> {
    const streamId = `session-${claims.fam}`;
    const { state, revision } = await loadAggregate(this.events, streamId, sessionEvolver);
    const decision = decideRefresh(state, claims.jti);
    const now = this.clock.now().toISOString();
    const user = await this.store.collection<UserView>(USERS).get(claims.sub);
    const who = { organizationId: user?.organizationId ?? null, actor: claims.sub };

    if (decision.kind === 'reuse-detected') {
      await this.events.append(
        streamId,
        [
          envelope(
            AccountEventTypes.SessionRevoked,
            { familyId: claims.fam, reason: 'reuse-detected' },
            who,
            now,
          ),
        ],
        revision,
      );
      return { ok: false, message: 'Token has been revoked' };
    }
    // A deleted or blocked user's sign-ins end with it, and so do those a password or role change ended.
    const startedAt = state.startedAt ?? claims.sst ?? now;
    if (
      decision.kind !== 'rotate' ||
      !user ||
      !mayHoldSession(user) ||
      sessionEnded(user, claims.fam, startedAt)
    )
      return { ok: false, message: 'Token has been revoked' };
    // However often it rotates, a sign-in lasts REFRESH_TOKEN_SECONDS from its start.
    const left = Math.floor(
      (Date.parse(startedAt) + this.config.refreshTokenSeconds * 1000 - Date.parse(now)) / 1000,
    );
    if (left <= 0) return { ok: false, message: 'Token has expired' };

    const tokenId = randomUUID();
    await this.events.append(
      streamId,
      [envelope(AccountEventTypes.SessionRefreshed, { familyId: claims.fam, tokenId }, who, now)],
      revision,
    );
    const authUser = authUserOf(user);
    const session = { familyId: claims.fam, startedAt };
    return {
      ok: true,
      accessToken: this.tokens.accessToken(authUser, session),
      refreshToken: this.tokens.refreshToken(authUser, session, tokenId, left),
    };
  }
}

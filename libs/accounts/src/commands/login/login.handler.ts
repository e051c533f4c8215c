import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { AccountEventTypes, type SessionStarted, type UserEvent } from '../../domain/account.events';
import { decideUser, type UserState } from '../../domain/user';
import { newMailedToken } from '../../auth/mailed-token';
import { type AuthUser, TokenService } from '../../auth/token.service';
import { AccountMails } from '../../mail/account-mails';
import { UserStore } from '../shared/user-store';

export class LoginCommand {
  constructor(
    readonly usernameOrEmail: string,
    readonly password: string,
  ) {}
}

export type LoginResult =
  { ok: true; username: string; accessToken: string; refreshToken: string } | { ok: false };

/**
 * One answer for every failure (unknown, pending, deleted, blocked, wrong password) so accounts cannot be
 * enumerated. Wrong passwords are counted on the user: the fifth in a row blocks the account until a recovery.
 */
@CommandHandler(LoginCommand)
export class LoginHandler implements ICommandHandler<LoginCommand, LoginResult> {
  private readonly logger = new Logger('Accounts');

  constructor(
    private readonly users: UserStore,
    private readonly tokens: TokenService,
    private readonly mails: AccountMails,
  ) {}

  async execute(command: LoginCommand): Promise<LoginResult> {
    const user = await this.users.findLive(command.usernameOrEmail, true);
    if (!user) return { ok: false };
    for (let attempt = 0; ; attempt++) {
      const { state, revision } = await this.users.load(user.userId);
      if (!state.active || state.blocked || state.deleted || state.organizationId === null)
        return { ok: false };
      const matches = await this.users.passwordMatches(state, command.password);
      const decision = decideUser(state, { kind: matches ? 'recordLoginSuccess' : 'recordLoginFailure' });
      if (!decision.ok) return { ok: false };
      const blocked = decision.value.some((event) => event.type === 'UserBlocked');
      const recovery = blocked && this.mails.configured && state.email ? newMailedToken(user.userId) : null;
      const events: UserEvent[] = recovery
        ? [
            ...decision.value,
            {
              type: 'PasswordRecoveryRequested',
              data: {
                userId: user.userId,
                tokenHash: recovery.tokenHash,
                expiresAt: this.users.tokenExpiry(),
              },
            },
          ]
        : decision.value;
      try {
        await this.users.append(user.userId, events, revision, {
          organizationId: state.organizationId,
          actor: String(user.userId),
        });
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError && attempt < 5) continue;
        throw error;
      }
      if (recovery && state.email) await this.mailBlocked(state, state.email, recovery.token);
      return matches ? this.startSession(state, state.organizationId) : { ok: false };
    }
  }

  private async mailBlocked(state: UserState, to: string, token: string): Promise<void> {
    try {
      await this.mails.recovery(to, state.username, token, true);
    } catch (error) {
      this.logger.warn(
        `Could not mail the recovery link: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private async startSession(state: UserState, organizationId: number): Promise<LoginResult> {
    const userId = state.userId!;
    const familyId = randomUUID();
    const tokenId = randomUUID();
    const started: SessionStarted = { familyId, userId, tokenId };
    await this.users.events.append(
      `session-${familyId}`,
      [
        envelope(
          AccountEventTypes.SessionStarted,
          started,
          { organizationId, actor: String(userId) },
          this.users.now(),
        ),
      ],
      'no_stream',
    );
    const authUser: AuthUser = { userId, username: state.username, organizationId, roles: state.roles };
    return {
      ok: true,
      username: state.username,
      accessToken: this.tokens.accessToken(authUser),
      refreshToken: this.tokens.refreshToken(authUser, familyId, tokenId),
    };
  }
}

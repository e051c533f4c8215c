import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { AccountEventTypes, type SessionStarted, type UserEvent } from '../../domain/account.events';
import { MAX_FAILED_LOGINS, decideUser, lockedUntil, type UserState } from '../../domain/user';
import { newMailedToken } from '../../mail/mailed-token';
import { type AuthUser, TokenService } from '@lorawatch/platform/auth/token.service';
import { AccountMails } from '../../mail/account-mails';
import { addressKey } from '../../rate-limit/rate-limiter';
import { UserStore } from '../shared/user-store';

export class LoginCommand {
  constructor(
    readonly usernameOrEmail: string,
    readonly password: string,
    /**
     * The client address (Express' `request.ip`): failures are counted, and waits imposed, per account and address
     * bucket, the rate limiter's: IPv4 as is, IPv4-mapped IPv6 as its IPv4 address, other IPv6 by its /64.
     */
    readonly address = '',
  ) {}
}

export type LoginResult =
  { ok: true; username: string; accessToken: string; refreshToken: string } | { ok: false };

/**
 * One answer for every failure (unknown, pending, deleted, blocked, waiting, wrong password), and the same argon2
 * work for each, so accounts cannot be enumerated. Wrong passwords are counted per account and client address: from
 * the fifth in a row that address waits 1, then 5, then 15 minutes before each further try; never for good.
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
    const address = addressKey(command.address || undefined);
    const user = await this.users.findLive(command.usernameOrEmail, true);
    if (!user) return this.refuse(command.password);
    for (let attempt = 0; ; attempt++) {
      const { state, revision } = await this.users.load(user.userId);
      const at = this.users.now();
      if (
        !state.active ||
        state.blocked ||
        state.deleted ||
        state.organizationId === null ||
        lockedUntil(state, address, at) !== null
      )
        return this.refuse(command.password);
      const matches = await this.users.passwordMatches(state, command.password);
      const decision = decideUser(
        state,
        matches ? { kind: 'recordLoginSuccess', address } : { kind: 'recordLoginFailure', address, at },
      );
      if (!decision.ok) return { ok: false };
      // The first wait of a series tells the owner (when mail works) how to get back in at once.
      const lockedNow = decision.value.some(
        (event) => event.type === 'LoginFailed' && event.data.consecutiveFailures === MAX_FAILED_LOGINS,
      );
      const recovery = lockedNow && this.mails.configured && state.email ? newMailedToken(user.userId) : null;
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
      if (recovery && state.email) this.mailBlocked(state, state.email, recovery.token);
      return matches ? this.startSession(state, state.organizationId) : { ok: false };
    }
  }

  /** A refusal costs what a wrong password costs. */
  private async refuse(password: string): Promise<LoginResult> {
    await this.users.dummyVerify(password);
    return { ok: false };
  }

  /** Sent after the answer: the time of a sign-in never depends on the mail server. */
  private mailBlocked(state: UserState, to: string, token: string): void {
    setImmediate(() => {
      this.mails.recovery(to, state.username, token, true).catch((error: unknown) => {
        this.logger.warn(
          `Could not mail the recovery link: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
    });
  }

  private async startSession(state: UserState, organizationId: number): Promise<LoginResult> {
    const userId = state.userId!;
    const familyId = randomUUID();
    const tokenId = randomUUID();
    const startedAt = this.users.now();
    const started: SessionStarted = { familyId, userId, tokenId };
    await this.users.events.append(
      `session-${familyId}`,
      [
        envelope(
          AccountEventTypes.SessionStarted,
          started,
          { organizationId, actor: String(userId) },
          startedAt,
        ),
      ],
      'no_stream',
    );
    const authUser: AuthUser = { userId, username: state.username, organizationId, roles: state.roles };
    return {
      ok: true,
      username: state.username,
      accessToken: this.tokens.accessToken(authUser, { familyId, startedAt }),
      refreshToken: this.tokens.refreshToken(authUser, { familyId, startedAt }, tokenId),
    };
  }
}

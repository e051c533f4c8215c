import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import * as argon2 from 'argon2';
import { randomUUID } from 'node:crypto';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { AccountEventTypes, type SessionStarted } from '../../domain/account.events';
import { TokenService } from '../../auth/token.service';
import { USERS, authUserOf, type UserView } from '../../projection/user.view';

export class LoginCommand {
  constructor(
    readonly usernameOrEmail: string,
    readonly password: string,
  ) {}
}

export type LoginResult =
  { ok: true; username: string; accessToken: string; refreshToken: string } | { ok: false };

/** One answer for every failure (unknown user, inactive, wrong password) so accounts cannot be enumerated. */
@CommandHandler(LoginCommand)
export class LoginHandler implements ICommandHandler<LoginCommand, LoginResult> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly tokens: TokenService,
  ) {}

  async execute(command: LoginCommand): Promise<LoginResult> {
    const login = command.usernameOrEmail.trim().toLowerCase();
    const users = this.store.collection<UserView>(USERS);
    const [user] = await users.find({ $or: [{ username: login }, { email: login }] }, { limit: 1 });
    if (!user || !user.active || !(await argon2.verify(user.passwordHash, command.password)))
      return { ok: false };

    const familyId = randomUUID();
    const tokenId = randomUUID();
    const started: SessionStarted = { familyId, userId: user.userId, tokenId };
    const who = { organizationId: user.organizationId, actor: String(user.userId) };
    await this.events.append(
      `session-${familyId}`,
      [envelope(AccountEventTypes.SessionStarted, started, who, this.clock.now().toISOString())],
      'no_stream',
    );
    const authUser = authUserOf(user);
    return {
      ok: true,
      username: user.username,
      accessToken: this.tokens.accessToken(authUser),
      refreshToken: this.tokens.refreshToken(authUser, familyId, tokenId),
    };
  }
}

import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { AccountMessages, failure, success, type Outcome } from '../../domain/account-errors';
import { decideUser } from '../../domain/user';
import { UserStore } from '../shared/user-store';

export class UnblockUserCommand {
  constructor(
    readonly admin: AuthUser,
    readonly username: string,
  ) {}
}

/** An administrator lifts a block and every sign-in wait of a user of the organization. */
@CommandHandler(UnblockUserCommand)
export class UnblockUserHandler implements ICommandHandler<UnblockUserCommand, Outcome<string>> {
  constructor(private readonly users: UserStore) {}

  async execute({ admin, username }: UnblockUserCommand): Promise<Outcome<string>> {
    const target = await this.users.findLive(username);
    if (!target) return failure('not_found', AccountMessages.notFound);
    const { state, revision } = await this.users.load(target.userId);
    const decision = decideUser(state, { kind: 'unblock', actor: admin });
    if (!decision.ok) return decision;
    await this.users.append(target.userId, decision.value, revision, {
      organizationId: admin.organizationId,
      actor: String(admin.userId),
    });
    return success(AccountMessages.userUnblocked(state.username));
  }
}

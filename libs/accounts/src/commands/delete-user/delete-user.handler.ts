import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { AccountMessages, failure, success, type Outcome } from '../../domain/account-errors';
import { decideUser } from '../../domain/user';
import { UserStore } from '../shared/user-store';

export class DeleteUserCommand {
  constructor(
    readonly admin: AuthUser,
    readonly username: string,
  ) {}
}

/**
 * Soft delete: the history stays, the user can no longer sign in, refresh, or use an access token (the guard and
 * the refresh handler check the deleted flag).
 */
@CommandHandler(DeleteUserCommand)
export class DeleteUserHandler implements ICommandHandler<DeleteUserCommand, Outcome<string>> {
  constructor(private readonly users: UserStore) {}

  async execute({ admin, username }: DeleteUserCommand): Promise<Outcome<string>> {
    const target = await this.users.findLive(username);
    if (!target) return failure('not_found', AccountMessages.notFound);
    const { state, revision } = await this.users.load(target.userId);
    const decision = decideUser(state, { kind: 'delete', actor: admin });
    if (!decision.ok) return decision;
    await this.users.append(target.userId, decision.value, revision, {
      organizationId: admin.organizationId,
      actor: String(admin.userId),
    });
    return success(AccountMessages.userDeleted(state.username));
  }
}

import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { AccountMessages, failure, success, type Outcome } from '../../domain/account-errors';
import { decideUser } from '../../domain/user';
import { updatedRolesOf, validFullName, validPhone } from '../../domain/user-rules';
import { UserStore } from '../shared/user-store';

export class UpdateUserCommand {
  constructor(
    readonly caller: AuthUser,
    readonly username: string,
    readonly changes: { fullName?: string; phone?: string | null; roles?: unknown; firstLogin?: boolean },
  ) {}
}

/** Answers the id of the updated user. */
@CommandHandler(UpdateUserCommand)
export class UpdateUserHandler implements ICommandHandler<UpdateUserCommand, Outcome<number>> {
  constructor(private readonly users: UserStore) {}

  async execute({ caller, username, changes }: UpdateUserCommand): Promise<Outcome<number>> {
    const target = await this.users.findLive(username);
    if (!target) return failure('not_found', AccountMessages.notFound);
    const fullName = changes.fullName === undefined ? undefined : validFullName(changes.fullName);
    if (fullName && !fullName.ok) return fullName;
    const phone = changes.phone === undefined ? undefined : validPhone(changes.phone);
    if (phone && !phone.ok) return phone;
    const roles = changes.roles === undefined ? undefined : updatedRolesOf(changes.roles);
    if (roles && !roles.ok) return roles;

    const { state, revision } = await this.users.load(target.userId);
    const decision = decideUser(state, {
      kind: 'update',
      actor: caller,
      fullName: fullName?.value,
      phone: phone?.value,
      roles: roles?.value,
      firstLogin: changes.firstLogin,
    });
    if (!decision.ok) return decision;
    await this.users.append(target.userId, decision.value, revision, {
      organizationId: caller.organizationId,
      actor: String(caller.userId),
    });
    return success(target.userId);
  }
}

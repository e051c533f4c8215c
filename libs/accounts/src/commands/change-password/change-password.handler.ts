import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AccountMessages, success, type Outcome } from '../../domain/account-errors';
import { decideUser } from '../../domain/user';
import { validNewPassword } from '../../domain/user-rules';
import { UserStore } from '../shared/user-store';

export class ChangePasswordCommand {
  constructor(
    readonly userId: number,
    readonly currentPassword: string,
    readonly password: string,
    readonly repeated: string | undefined,
    /** The caller's sign-in, which stays open. */
    readonly keepSession: string | null = null,
  ) {}
}

@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand, Outcome<string>> {
  constructor(private readonly users: UserStore) {}

  async execute({
    userId,
    currentPassword,
    password,
    repeated,
    keepSession,
  }: ChangePasswordCommand): Promise<Outcome<string>> {
    const { state, revision } = await this.users.load(userId);
    const valid = validNewPassword(password, repeated, state);
    if (!valid.ok) return valid;
    const decision = decideUser(state, {
      kind: 'changePassword',
      currentPasswordMatches: await this.users.passwordMatches(state, currentPassword),
      sameAsCurrent: currentPassword === password,
      passwordHash: await this.users.hash(valid.value),
      keepSession,
    });
    if (!decision.ok) return decision;
    await this.users.append(userId, decision.value, revision, {
      organizationId: state.organizationId,
      actor: String(userId),
    });
    return success(AccountMessages.passwordChanged);
  }
}

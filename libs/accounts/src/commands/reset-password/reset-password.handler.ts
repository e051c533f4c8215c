import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { readMailedToken } from '../../mail/mailed-token';
import { AccountMessages, failure, success, type Outcome } from '../../domain/account-errors';
import { checkToken, decideUser } from '../../domain/user';
import { validNewPassword } from '../../domain/user-rules';
import { UserStore } from '../shared/user-store';

export class ResetPasswordCommand {
  constructor(
    readonly token: string,
    readonly password: string,
    readonly repeated: string | undefined,
  ) {}
}

/** The recovery link: a new password, which also unblocks the account. */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand, Outcome<string>> {
  constructor(private readonly users: UserStore) {}

  async execute({ token, password, repeated }: ResetPasswordCommand): Promise<Outcome<string>> {
    const presented = readMailedToken(token);
    if (!presented) return failure('invalid', AccountMessages.invalidToken);
    const { state, revision } = await this.users.load(presented.userId);
    const now = this.users.now();
    if (checkToken(state, 'recovery', presented.tokenHash, now) !== 'valid')
      return failure('invalid', AccountMessages.invalidToken);
    const valid = validNewPassword(password, repeated, state);
    if (!valid.ok) return valid;
    const decision = decideUser(state, {
      kind: 'resetPassword',
      tokenHash: presented.tokenHash,
      at: now,
      passwordHash: await this.users.hash(valid.value),
    });
    if (!decision.ok) return decision;
    await this.users.append(presented.userId, decision.value, revision, {
      organizationId: state.organizationId,
      actor: String(presented.userId),
    });
    return success(AccountMessages.passwordChanged);
  }
}

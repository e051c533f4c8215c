import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { readMailedToken } from '../../mail/mailed-token';
import { AccountMessages, failure, success, type Outcome } from '../../domain/account-errors';
import { decideUser } from '../../domain/user';
import { UserStore } from '../shared/user-store';

export class ConfirmEmailChangeCommand {
  constructor(readonly token: string) {}
}

@CommandHandler(ConfirmEmailChangeCommand)
export class ConfirmEmailChangeHandler implements ICommandHandler<
  ConfirmEmailChangeCommand,
  Outcome<string>
> {
  constructor(private readonly users: UserStore) {}

  async execute({ token }: ConfirmEmailChangeCommand): Promise<Outcome<string>> {
    const presented = readMailedToken(token);
    if (!presented) return failure('invalid', AccountMessages.invalidToken);
    const { state, revision } = await this.users.load(presented.userId);
    // The address may have been taken by someone else since the request.
    const emailTaken = state.emailChange
      ? await this.users.emailTaken(state.emailChange.email, presented.userId)
      : false;
    const decision = decideUser(state, {
      kind: 'confirmEmailChange',
      tokenHash: presented.tokenHash,
      at: this.users.now(),
      emailTaken,
    });
    if (!decision.ok) return decision;
    await this.users.append(presented.userId, decision.value, revision, {
      organizationId: state.organizationId,
      actor: String(presented.userId),
    });
    return success(AccountMessages.emailChanged);
  }
}

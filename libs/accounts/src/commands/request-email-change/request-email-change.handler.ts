import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { newMailedToken } from '../../auth/mailed-token';
import { AccountMessages, failure, success, type Outcome } from '../../domain/account-errors';
import { decideUser } from '../../domain/user';
import { validEmail } from '../../domain/user-rules';
import { AccountMails } from '../../mail/account-mails';
import { UserStore } from '../shared/user-store';

export class RequestEmailChangeCommand {
  constructor(
    readonly userId: number,
    readonly email: string,
    readonly currentPassword: string,
  ) {}
}

/** Mails a confirmation link to the NEW address: the change only happens once its owner follows it. */
@CommandHandler(RequestEmailChangeCommand)
export class RequestEmailChangeHandler implements ICommandHandler<
  RequestEmailChangeCommand,
  Outcome<string>
> {
  private readonly logger = new Logger('Accounts');

  constructor(
    private readonly users: UserStore,
    private readonly mails: AccountMails,
  ) {}

  async execute({ userId, email, currentPassword }: RequestEmailChangeCommand): Promise<Outcome<string>> {
    const address = validEmail(email);
    if (!address.ok) return address;
    if (!this.mails.configured)
      return failure('invalid', 'E-mail not changed because there is no SMTP server configured.');
    const { state, revision } = await this.users.load(userId);
    const { token, tokenHash } = newMailedToken(userId);
    const decision = decideUser(state, {
      kind: 'requestEmailChange',
      currentPasswordMatches: await this.users.passwordMatches(state, currentPassword),
      email: address.value,
      emailTaken: await this.users.emailTaken(address.value, userId),
      tokenHash,
      expiresAt: this.users.tokenExpiry(),
    });
    if (!decision.ok) return decision;
    await this.users.append(userId, decision.value, revision, {
      organizationId: state.organizationId,
      actor: String(userId),
    });
    try {
      await this.mails.emailChange(address.value, state.username, token);
    } catch (error) {
      this.logger.warn(
        `E-mail change mail not sent: ${error instanceof Error ? error.message : String(error)}`,
      );
      return failure('unavailable', 'Something went wrong trying to send the confirmation e-mail.');
    }
    return success(AccountMessages.emailRequestSent);
  }
}

import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { newMailedToken } from '../../mail/mailed-token';
import { AccountMessages, failure, success, type Outcome } from '../../domain/account-errors';
import { decideUser } from '../../domain/user';
import { validEmail } from '../../domain/user-rules';
import { AccountMails } from '../../mail/account-mails';
import type { UserView } from '@lorawatch/domain/user.view';
import { UserStore } from '../shared/user-store';

export class RequestEmailChangeCommand {
  constructor(
    readonly userId: number,
    readonly email: string,
    readonly currentPassword: string,
  ) {}
}

/**
 * Mails a confirmation link to the NEW address: the change only happens once its owner follows it. An address
 * taken inside the caller's organization keeps the spec's refusal (its users are no secret to each other); one that
 * belongs to an account of another organization gets the answer of a free address, with the same work (a mail),
 * but the mail tells that account's owner that someone tried to use it, and nothing changes: addresses of other
 * organizations cannot be probed.
 */
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
    const holder = await this.holderOf(address.value, userId);
    const elsewhere = holder !== null && holder.organizationId !== state.organizationId;
    const { token, tokenHash } = newMailedToken(userId);
    const decision = decideUser(state, {
      kind: 'requestEmailChange',
      currentPasswordMatches: await this.users.passwordMatches(state, currentPassword),
      email: address.value,
      emailTaken: holder !== null && !elsewhere,
      tokenHash,
      expiresAt: this.users.tokenExpiry(),
    });
    if (!decision.ok) return decision;
    if (!elsewhere)
      await this.users.append(userId, decision.value, revision, {
        organizationId: state.organizationId,
        actor: String(userId),
      });
    try {
      await (elsewhere
        ? this.mails.emailChangeRefused(address.value, holder.username)
        : this.mails.emailChange(address.value, state.username, token));
    } catch (error) {
      this.logger.warn(
        `E-mail change mail not sent: ${error instanceof Error ? error.message : String(error)}`,
      );
      return failure('unavailable', 'Something went wrong trying to send the confirmation e-mail.');
    }
    return success(AccountMessages.emailRequestSent);
  }

  /** The live account, other than the caller's, that holds the address. */
  private async holderOf(email: string, userId: number): Promise<UserView | null> {
    const [holder] = await this.users
      .users()
      .find({ email, deleted: { $ne: true }, userId: { $ne: userId } }, { limit: 1 });
    return holder ?? null;
  }
}

import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { newMailedToken } from '../../mail/mailed-token';
import { AccountMessages, failure, success, type Outcome } from '../../domain/account-errors';
import { decideUser } from '../../domain/user';
import { AccountMails } from '../../mail/account-mails';
import { UserStore } from '../shared/user-store';

export class ResendActivationCommand {
  constructor(
    readonly admin: AuthUser,
    readonly email: string,
  ) {}
}

/** A new activation link for a user of the admin's organization who has not activated yet; the old link dies. */
@CommandHandler(ResendActivationCommand)
export class ResendActivationHandler implements ICommandHandler<ResendActivationCommand, Outcome<string>> {
  private readonly logger = new Logger('Accounts');

  constructor(
    private readonly users: UserStore,
    private readonly mails: AccountMails,
  ) {}

  async execute({ admin, email }: ResendActivationCommand): Promise<Outcome<string>> {
    if (!this.mails.configured)
      return failure('invalid', 'Activation mail not sent because there is no SMTP server configured.');
    const [user] = await this.users
      .users()
      .find(
        { email: email.trim().toLowerCase(), organizationId: admin.organizationId, deleted: { $ne: true } },
        { limit: 1 },
      );
    if (!user) return failure('not_found', AccountMessages.resendFailed);
    const { state, revision } = await this.users.load(user.userId);
    const { token, tokenHash } = newMailedToken(user.userId);
    const decision = decideUser(state, {
      kind: 'issueActivation',
      tokenHash,
      expiresAt: this.users.tokenExpiry(),
    });
    if (!decision.ok || !state.email) return failure('invalid', AccountMessages.resendFailed);
    await this.users.append(user.userId, decision.value, revision, {
      organizationId: admin.organizationId,
      actor: String(admin.userId),
    });
    try {
      await this.mails.activation(state.email, state.username, token);
    } catch (error) {
      this.logger.warn(
        `Activation mail not re-sent: ${error instanceof Error ? error.message : String(error)}`,
      );
      return failure('unavailable', AccountMessages.resendFailed);
    }
    return success(AccountMessages.activationResent);
  }
}

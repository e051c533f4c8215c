import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { envelope } from '@lorawatch/platform/aggregate';
import { allocateId } from '@lorawatch/platform/id-allocator';
import { newMailedToken, readMailedToken } from '../../mail/mailed-token';
import { AccountMessages, failure, success, type Outcome } from '../../domain/account-errors';
import { AccountEventTypes, organizationStream, type OrganizationCreated } from '../../domain/account.events';
import { checkToken, decideUser } from '../../domain/user';
import { validNewPassword } from '../../domain/user-rules';
import { AccountMails } from '../../mail/account-mails';
import { UserStore } from '../shared/user-store';

export class ActivateAccountCommand {
  constructor(
    readonly token: string,
    readonly password: string,
    readonly repeated: string | undefined,
  ) {}
}

/**
 * Sets the first password through the activation link and activates the user; a self sign-up's organization is
 * created here. An expired link is replaced by a new one, mailed again.
 */
@CommandHandler(ActivateAccountCommand)
export class ActivateAccountHandler implements ICommandHandler<ActivateAccountCommand, Outcome<string>> {
  private readonly logger = new Logger('Accounts');

  constructor(
    private readonly users: UserStore,
    private readonly mails: AccountMails,
  ) {}

  async execute({ token, password, repeated }: ActivateAccountCommand): Promise<Outcome<string>> {
    const presented = readMailedToken(token);
    if (!presented) return failure('invalid', AccountMessages.invalidToken);
    const { state, revision } = await this.users.load(presented.userId);
    const now = this.users.now();
    const check = checkToken(state, 'activation', presented.tokenHash, now);
    if (check === 'invalid') return failure('invalid', AccountMessages.invalidToken);
    if (check === 'expired') return this.resend(presented.userId);
    const valid = validNewPassword(password, repeated, state);
    if (!valid.ok) return valid;

    let organizationId = state.organizationId;
    if (organizationId === null) {
      organizationId = await allocateId(this.users.events, 'organization', now);
      const organization: OrganizationCreated = { organizationId, name: state.username };
      await this.users.events.append(
        organizationStream(organizationId),
        [
          envelope(
            AccountEventTypes.OrganizationCreated,
            organization,
            { organizationId, actor: String(presented.userId) },
            now,
          ),
        ],
        'no_stream',
      );
    }
    const decision = decideUser(state, {
      kind: 'activate',
      tokenHash: presented.tokenHash,
      at: now,
      passwordHash: await this.users.hash(valid.value),
      organizationId,
    });
    if (!decision.ok) return decision;
    await this.users.append(presented.userId, decision.value, revision, {
      organizationId,
      actor: String(presented.userId),
    });
    return success(AccountMessages.passwordChanged);
  }

  private async resend(userId: number): Promise<Outcome<string>> {
    const { state, revision } = await this.users.load(userId);
    const fresh = newMailedToken(userId);
    const decision = decideUser(state, {
      kind: 'issueActivation',
      tokenHash: fresh.tokenHash,
      expiresAt: this.users.tokenExpiry(),
    });
    if (!decision.ok || !state.email) return failure('invalid', AccountMessages.invalidToken);
    await this.users.append(userId, decision.value, revision, {
      organizationId: state.organizationId,
      actor: String(userId),
    });
    try {
      await this.mails.activation(state.email, state.username, fresh.token);
    } catch (error) {
      this.logger.warn(
        `Activation mail not re-sent: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return failure('invalid', AccountMessages.tokenExpiredResent);
  }
}

import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { newMailedToken } from '../../mail/mailed-token';
import { AccountMessages, failure, success, type Outcome } from '../../domain/account-errors';
import { decideUser } from '../../domain/user';
import { AccountMails } from '../../mail/account-mails';
import { RECAPTCHA_VERIFIER, type RecaptchaVerifier } from '../../recaptcha/recaptcha.port';
import { UserStore } from '../shared/user-store';

export class RecoverPasswordCommand {
  constructor(
    readonly usernameOrEmail: string,
    readonly recaptchaToken: string | undefined,
    readonly clientIp: string | undefined,
  ) {}
}

/**
 * Mails a recovery link to an active account. Whether the account exists never shows in the answer: unknown,
 * pending and known accounts all get the same 200, and the mail goes out after it.
 */
@CommandHandler(RecoverPasswordCommand)
export class RecoverPasswordHandler implements ICommandHandler<RecoverPasswordCommand, Outcome<null>> {
  private readonly logger = new Logger('Accounts');

  constructor(
    private readonly users: UserStore,
    private readonly mails: AccountMails,
    @Inject(RECAPTCHA_VERIFIER) private readonly recaptcha: RecaptchaVerifier,
  ) {}

  async execute({
    usernameOrEmail,
    recaptchaToken,
    clientIp,
  }: RecoverPasswordCommand): Promise<Outcome<null>> {
    if (
      this.recaptcha.configured &&
      (!recaptchaToken || !(await this.recaptcha.verify(recaptchaToken, clientIp)))
    )
      return failure('invalid', AccountMessages.badRecoveryRecaptcha);
    const user = await this.users.findLive(usernameOrEmail, true);
    if (!user || !this.mails.configured) return success(null);
    const { state, revision } = await this.users.load(user.userId);
    const { token, tokenHash } = newMailedToken(user.userId);
    const decision = decideUser(state, {
      kind: 'requestRecovery',
      tokenHash,
      expiresAt: this.users.tokenExpiry(),
    });
    if (!decision.ok || !state.email) return success(null);
    await this.users.append(user.userId, decision.value, revision, {
      organizationId: state.organizationId,
      actor: String(user.userId),
    });
    // Sent after the answer: its time never tells whether the account exists.
    const { email, username, blocked } = state;
    setImmediate(() => {
      this.mails.recovery(email, username, token, blocked).catch((error: unknown) => {
        this.logger.warn(`Recovery mail not sent: ${error instanceof Error ? error.message : String(error)}`);
      });
    });
    return success(null);
  }
}

import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WrongExpectedRevisionError } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { allocateId } from '@lorawatch/platform/id-allocator';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { newMailedToken } from '../../mail/mailed-token';
import { AccountMessages, failure, success, type Outcome } from '../../domain/account-errors';
import { ROLE_ADMIN } from '@lorawatch/domain/user.view';
import { type UserEvent } from '../../domain/account.events';
import { generatePassword } from '../../domain/password-policy';
import { rolesOf, validEmail, validFullName, validPhone, validUsername } from '../../domain/user-rules';
import { AccountMails } from '../../mail/account-mails';
import type { UserView } from '@lorawatch/domain/user.view';
import { RECAPTCHA_VERIFIER, type RecaptchaVerifier } from '../../recaptcha/recaptcha.port';
import { UserStore } from '../shared/user-store';

export class RegisterCommand {
  constructor(
    /** The admin creating the user, or null for a self sign-up. */
    readonly creator: AuthUser | null,
    readonly fields: {
      username: string;
      fullName: string;
      email: string;
      phone: string | null | undefined;
      roles: unknown;
      recaptchaToken: string | undefined;
    },
    readonly clientIp: string | undefined,
  ) {}
}

/**
 * Creates a user waiting for activation and mails the link. A self sign-up gets its own organization (named after
 * the username) and the admin role on activation; an admin's creation joins the admin's organization.
 */
@CommandHandler(RegisterCommand)
export class RegisterHandler implements ICommandHandler<RegisterCommand, Outcome<string>> {
  private readonly logger = new Logger('Accounts');

  constructor(
    private readonly users: UserStore,
    private readonly mails: AccountMails,
    @Inject(RECAPTCHA_VERIFIER) private readonly recaptcha: RecaptchaVerifier,
  ) {}

  async execute({ creator, fields, clientIp }: RegisterCommand): Promise<Outcome<string>> {
    if (creator === null && this.recaptcha.configured) {
      if (!fields.recaptchaToken) return failure('invalid', AccountMessages.missingRecaptcha);
      if (!(await this.recaptcha.verify(fields.recaptchaToken, clientIp)))
        return failure('invalid', AccountMessages.invalidRecaptcha);
    }
    const username = validUsername(fields.username);
    if (!username.ok) return username;
    const fullName = validFullName(fields.fullName);
    if (!fullName.ok) return fullName;
    const email = validEmail(fields.email);
    if (!email.ok) return email;
    const phone = validPhone(fields.phone);
    if (!phone.ok) return phone;
    const roles = creator ? rolesOf(fields.roles) : success([ROLE_ADMIN]);
    if (!roles.ok) return roles;

    const user = {
      username: username.value,
      fullName: fullName.value,
      email: email.value,
      phone: phone.value,
      roles: roles.value,
    };
    if (creator) return this.createForOrganization(creator, user);
    return this.signUp(user);
  }

  /**
   * A visitor's sign-up answers the same whether the name or the address is free or taken: the answer must not
   * tell an anonymous visitor which accounts exist. The spec's "User <u> already exists" would, so a taken name or
   * address gets the success text too, and the mail explains: the address's owner learns that it already has an
   * account, the address given learns that the name is taken.
   */
  private async signUp(user: NewUser): Promise<Outcome<string>> {
    if (!this.mails.configured) return failure('invalid', AccountMessages.noSmtp);
    const taken = await this.collision(user);
    if (taken) {
      await this.tellOwner(taken, user);
      return success(AccountMessages.mailSent);
    }
    const invited = await this.invite(null, user, 'self');
    return invited ?? this.nameTakenMeanwhile(null, user);
  }

  /**
   * An administrator sees the users of the organization anyway, so a name or address taken inside it keeps the
   * spec's texts. One taken in another organization must not be revealed: the answer is the success of a creation
   * (mail sent, or a one-time password when there is no mail server) and the mail, when there is one, tells the
   * address. No account is created then.
   */
  private async createForOrganization(creator: AuthUser, user: NewUser): Promise<Outcome<string>> {
    const taken = await this.collision(user);
    if (taken?.holder.organizationId === creator.organizationId)
      return taken.what === 'username'
        ? failure('invalid', AccountMessages.userExists(user.username))
        : failure('invalid', AccountMessages.emailNotAvailable(user.email));
    if (taken) return this.answerAsCreated(user, taken);
    if (this.mails.configured)
      return (
        (await this.invite(creator.organizationId, user, String(creator.userId))) ??
        this.nameTakenMeanwhile(creator, user)
      );
    // Without mail there is no activation link: the user starts active with a password made for this answer only.
    const password = generatePassword(user);
    const userId = await this.reserve(user.username);
    if (userId === null) return this.nameTakenMeanwhile(creator, user);
    const event: UserEvent = {
      type: 'UserRegistered',
      data: {
        userId,
        organizationId: creator.organizationId,
        ...user,
        passwordHash: await this.users.hash(password),
        active: true,
      },
    };
    await this.users.append(userId, [event], 'no_stream', {
      organizationId: creator.organizationId,
      actor: String(creator.userId),
    });
    return success(AccountMessages.userCreatedWithPassword(password));
  }

  /** The success answer of a creation that did not happen, with the same work (hash or mail) as a real one. */
  private async answerAsCreated(user: NewUser, taken: Collision): Promise<Outcome<string>> {
    if (this.mails.configured) {
      await this.tellOwner(taken, user);
      return success(AccountMessages.mailSent);
    }
    const password = generatePassword(user);
    await this.users.hash(password);
    this.logger.warn('A user was not created: its name or e-mail belongs to another organization.');
    return success(AccountMessages.userCreatedWithPassword(password));
  }

  /** The reservation of the name failed after the read model said it was free (a sign-up at the same moment). */
  private async nameTakenMeanwhile(creator: AuthUser | null, user: NewUser): Promise<Outcome<string>> {
    const [holder] = await this.users.users().find({ username: user.username }, { limit: 1 });
    if (creator && holder?.organizationId === creator.organizationId)
      return failure('invalid', AccountMessages.userExists(user.username));
    const taken: Collision = {
      what: 'username',
      holder: holder ?? { organizationId: null, username: user.username },
    };
    return creator
      ? this.answerAsCreated(user, taken)
      : this.tellOwner(taken, user).then(() => success(AccountMessages.mailSent));
  }

  /** The account that already holds the address (live accounts) or the name (any account, names are never reused). */
  private async collision(user: NewUser): Promise<Collision | null> {
    const [byEmail] = await this.users
      .users()
      .find({ email: user.email, deleted: { $ne: true } }, { limit: 1 });
    if (byEmail) return { what: 'email', holder: byEmail };
    const [byName] = await this.users.users().find({ username: user.username }, { limit: 1 });
    return byName ? { what: 'username', holder: byName } : null;
  }

  /** The mail that replaces the activation when the name or the address is taken. Never fails the answer. */
  private async tellOwner(taken: Collision, user: NewUser): Promise<void> {
    if (!this.mails.configured) return;
    const sent =
      taken.what === 'email'
        ? this.mails.existingAccount(user.email, taken.holder.username)
        : this.mails.usernameTaken(user.email, user.username);
    await sent.catch((error: unknown) => this.warn(error));
  }

  private async invite(
    organizationId: number | null,
    user: NewUser,
    actor: string,
  ): Promise<Outcome<string> | null> {
    const userId = await this.reserve(user.username);
    if (userId === null) return null;
    const { token, tokenHash } = newMailedToken(userId);
    const event: UserEvent = {
      type: 'UserInvited',
      data: { userId, organizationId, ...user, tokenHash, expiresAt: this.users.tokenExpiry() },
    };
    await this.users.append(userId, [event], 'no_stream', { organizationId, actor });
    try {
      await this.mails.activation(user.email, user.username, token);
    } catch (error) {
      this.warn(error);
      return failure(
        'unavailable',
        'Something went wrong trying to send activation: the mail server did not accept the message.',
      );
    }
    return success(AccountMessages.mailSent);
  }

  /**
   * Claims the username through its own stream, so two simultaneous sign-ups cannot both get it, then allocates
   * the user id. Null when someone else holds the name.
   */
  private async reserve(username: string): Promise<number | null> {
    const now = this.users.now();
    const userId = await allocateId(this.users.events, 'user', now);
    try {
      await this.users.events.append(
        `username-${username}`,
        [envelope('UsernameReserved', { username, userId }, { organizationId: null, actor: 'system' }, now)],
        'no_stream',
      );
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return null;
      throw error;
    }
    return userId;
  }

  private warn(error: unknown): void {
    this.logger.warn(`Mail not sent: ${error instanceof Error ? error.message : String(error)}`);
  }
}

interface NewUser {
  username: string;
  fullName: string;
  email: string;
  phone: string | null;
  roles: number[];
}

/** Who already holds the name or the address of a new user. */
interface Collision {
  what: 'username' | 'email';
  holder: Pick<UserView, 'organizationId' | 'username'>;
}

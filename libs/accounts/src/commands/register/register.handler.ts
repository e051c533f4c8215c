import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomBytes } from 'node:crypto';
import { WrongExpectedRevisionError } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { allocateId } from '@lorawatch/platform/id-allocator';
import type { AuthUser } from '../../auth/token.service';
import { newMailedToken } from '../../auth/mailed-token';
import { AccountMessages, failure, success, type Outcome } from '../../domain/account-errors';
import { ROLE_ADMIN, type UserEvent } from '../../domain/account.events';
import { rolesOf, validEmail, validFullName, validPhone, validUsername } from '../../domain/user-rules';
import { AccountMails } from '../../mail/account-mails';
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

    if (await this.usernameTaken(username.value))
      return failure('invalid', AccountMessages.userExists(username.value));
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

  private async signUp(user: NewUser): Promise<Outcome<string>> {
    if (!this.mails.configured) return failure('invalid', AccountMessages.noSmtp);
    const existing = await this.users.findLive(user.email, true);
    if (existing && existing.email === user.email) {
      // Same answer as a new account, so nobody learns which addresses have one; the owner is told by mail.
      await this.mails
        .existingAccount(user.email, existing.username)
        .catch((error: unknown) => this.warn(error));
      return success(AccountMessages.mailSent);
    }
    return this.invite(null, user, 'self');
  }

  private async createForOrganization(creator: AuthUser, user: NewUser): Promise<Outcome<string>> {
    if (await this.users.emailTaken(user.email))
      return failure('invalid', AccountMessages.emailNotAvailable(user.email));
    if (this.mails.configured) return this.invite(creator.organizationId, user, String(creator.userId));
    // Without mail there is no activation link: the user starts active with a password made for this answer only.
    const password = generatedPassword();
    const userId = await this.reserve(user.username);
    if (userId === null) return failure('invalid', AccountMessages.userExists(user.username));
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

  private async invite(
    organizationId: number | null,
    user: NewUser,
    actor: string,
  ): Promise<Outcome<string>> {
    const userId = await this.reserve(user.username);
    if (userId === null) return failure('invalid', AccountMessages.userExists(user.username));
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

  private async usernameTaken(username: string): Promise<boolean> {
    const [user] = await this.users.users().find({ username }, { limit: 1 });
    return user !== undefined;
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

/** Meets the password rule: upper, lower, digit and symbol. */
function generatedPassword(): string {
  return `Lw-${randomBytes(12).toString('base64url')}9z`;
}

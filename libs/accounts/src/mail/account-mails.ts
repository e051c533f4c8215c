import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { MAILER, type Mailer } from '@lorawatch/mail/mailer.port';

/** The mails of the account flows; links point at the console routes that take the token. */
@Injectable()
export class AccountMails {
  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get configured(): boolean {
    return this.mailer.configured;
  }

  activation(to: string, username: string, token: string): Promise<void> {
    return this.send(to, 'Activate your LoRaWatch account', [
      `Hello ${username},`,
      '',
      'An account was opened for you on LoRaWatch. Choose your password here to activate it:',
      this.link('activation', token),
      '',
      'The link works once, within 24 hours. If you did not expect this mail, ignore it.',
    ]);
  }

  /** Sent instead of an activation when a sign-up or a new user names an address that already has an account. */
  existingAccount(to: string, username: string): Promise<void> {
    return this.send(to, 'Your LoRaWatch account', [
      `Hello ${username},`,
      '',
      'Someone tried to open a LoRaWatch account with this address, which already has an account.',
      `Sign in at ${this.config.publicUrl}/login, or ask for a new password there if you forgot it.`,
      'If it was not you, nothing changed and you can ignore this mail.',
    ]);
  }

  /** Sent instead of an activation when the username asked for belongs to another account. */
  usernameTaken(to: string, username: string): Promise<void> {
    return this.send(to, 'Your LoRaWatch sign-up', [
      'Hello,',
      '',
      `A LoRaWatch account was asked for this address with the username ${username}, which is already in use.`,
      'No account was opened. Sign up again with another username, or ask whoever added you to choose another.',
      'If it was not you, nothing changed and you can ignore this mail.',
    ]);
  }

  /** `blocked`: sent at the first wait of a series of failed sign-ins, or to an account an old version blocked. */
  recovery(to: string, username: string, token: string, blocked: boolean): Promise<void> {
    return this.send(
      to,
      blocked ? 'Sign-ins to your LoRaWatch account are paused' : 'Reset your LoRaWatch password',
      [
        `Hello ${username},`,
        '',
        blocked
          ? 'After several failed sign-ins, new attempts must wait a few minutes. If it was you, choose a new password here to get back in at once:'
          : 'Choose a new password here:',
        this.link('change_password', token),
        '',
        'The link works once, within 24 hours. If you did not ask for it, ignore this mail.',
      ],
    );
  }

  emailChange(to: string, username: string, token: string): Promise<void> {
    return this.send(to, 'Confirm your new LoRaWatch e-mail address', [
      `Hello ${username},`,
      '',
      'Confirm that this address should become the e-mail of your LoRaWatch account:',
      this.link('change_email_request', token),
      '',
      'The link works once, within 24 hours. If you did not ask for it, ignore this mail.',
    ]);
  }

  /**
   * Sent instead of the confirmation when a user of another organisation asks to move their account to an address
   * that already has one: the owner learns of it, the one who asked learns nothing.
   */
  emailChangeRefused(to: string, username: string): Promise<void> {
    return this.send(to, 'Your LoRaWatch account', [
      `Hello ${username},`,
      '',
      'Someone asked to make this address the e-mail of another LoRaWatch account. It already belongs to your',
      'account, so nothing changed: there is nothing to confirm.',
      'If you know nothing about it, you can ignore this mail.',
    ]);
  }

  private send(to: string, subject: string, lines: string[]): Promise<void> {
    return this.mailer.send({ to, subject, text: lines.join('\n') });
  }

  private link(route: string, token: string): string {
    return `${this.config.publicUrl}/${route}/${encodeURIComponent(token)}`;
  }
}

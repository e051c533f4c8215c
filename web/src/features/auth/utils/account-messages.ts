import { RULE_TEXTS } from '../../../lib/account-rules';
import { serverMessage } from '../../../lib/server-message';
import { passwordRefusal } from '../../../lib/password-rule';

/** Texts of the public account screens (docs/console.md §2, §8). */
export const ACCOUNT_TEXTS = {
  registered: 'An email was sent to the account provided.',
  userExists: 'We are sorry, that username already exists.',
  emailExists: 'We are sorry. That email already exists.',
  noSmtp: 'There is no SMTP server configured. Please create this user from an admin account.',
  registerFailed: 'An error has occurred while trying to create your account.',
  captchaFailed: 'The captcha could not be verified. Please try again.',
  noMailServerNote:
    'If the server has no mail server configured, no activation mail can be sent: an administrator must create your user.',
  recoverySent:
    'If the account exists, an email was sent to its address with a link to choose a new password.',
  recoveryFailed: 'An error has occurred while trying to recover your password.',
  invalidToken: 'We are sorry, the token is invalid. Please contact support.',
  passwordUpdated: 'Your password has been updated. You can login with your account now.',
  emailUpdated: 'Your e-mail has been successfully updated.',
  emailNotUpdated: 'We are sorry. Your e-mail could not be updated.',
} as const;

/** What a failed sign-up shows: a text, or the captcha flag (the captcha must be solved again). */
export interface RegisterFailure {
  text: string;
  captcha: boolean;
}

/** Matches the server's sign-up refusal (e.g. "User jdoe already exists") to the spec's text (§8). */
export function registerFailure(error: unknown): RegisterFailure {
  const message = serverMessage(error) ?? '';
  const text = (value: string): RegisterFailure => ({ text: value, captcha: false });
  if (/recaptcha/i.test(message)) return { text: ACCOUNT_TEXTS.captchaFailed, captcha: true };
  if (/no SMTP server/i.test(message)) return text(ACCOUNT_TEXTS.noSmtp);
  if (/^User .* already exists$/.test(message)) return text(ACCOUNT_TEXTS.userExists);
  if (/^User .* is not valid$/.test(message)) return text(RULE_TEXTS.username);
  if (/^Email .* is not available$/.test(message)) return text(ACCOUNT_TEXTS.emailExists);
  if (/^Phone .* is not valid$/.test(message)) return text(RULE_TEXTS.phone);
  return text(ACCOUNT_TEXTS.registerFailed);
}

/**
 * A refused set-password call: an unknown or used link gets the spec's invalid-token text, a password the server
 * refuses its reason, and anything else the server's own words (e.g. an expired link that was mailed again).
 */
export function setPasswordFailure(error: unknown): string {
  const message = serverMessage(error);
  if (message === null || message === 'Invalid token') return ACCOUNT_TEXTS.invalidToken;
  return passwordRefusal(error) ?? message;
}

/** A refused recovery request: the captcha flag, the rate limit's own words, or the generic text. */
export function recoveryFailure(error: unknown): RegisterFailure {
  const message = serverMessage(error) ?? '';
  if (/recaptcha/i.test(message)) return { text: ACCOUNT_TEXTS.captchaFailed, captcha: true };
  if (/^Too many requests/.test(message)) return { text: message, captcha: false };
  return { text: ACCOUNT_TEXTS.recoveryFailed, captcha: false };
}

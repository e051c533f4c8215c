import { serverMessage } from './server-message';

/** The server's password rule (NIST SP 800-63B): the length is checked here, the rest only the server can judge. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RULE_TEXT = `Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. Common passwords and passwords containing your username or e-mail are refused; a few unrelated words make a strong one.`;

/** The length the server accepts (characters, as the server counts them). */
export function isAcceptablePasswordLength(password: string): boolean {
  const length = [...password].length;
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
}

/**
 * The server's reason for refusing a new password ("Password is not valid: …"), to show as it is; the bare text of
 * older servers gets the rule. Null when the refusal is about something else.
 */
export function passwordRefusal(error: unknown): string | null {
  const message = serverMessage(error);
  if (message === null || !message.startsWith('Password is not valid')) return null;
  return message === 'Password is not valid' ? PASSWORD_RULE_TEXT : message;
}

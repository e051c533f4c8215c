import { RULE_TEXTS } from '../../../lib/account-rules';
import { serverMessage } from '../../../lib/server-message';
import { passwordRefusal } from '../../../lib/password-rule';

/** Texts of the users screens (docs/console.md §8). */
export const USER_TEXTS = {
  created: 'The user has been successfully created. A link to activate the account has been emailed.',
  emailInUse: 'We are sorry. The email address you entered is already in use.',
  userNameExists: 'We are sorry, that User Name already exists.',
  createFailed: 'An error has occurred while trying to create the user.',
  updated: 'The user has been successfully updated.',
  updateFailed: 'An error has occurred while trying to update the user.',
  removeFailed: 'An error has occurred while trying to remove the user.',
  activationSent: 'Activation email was successfully sent.',
  activationFailed: 'An error has occurred while trying to send the activation email.',
  emailRequestSent:
    'Your change email request was successful. Please check your email for further instructions.',
  currentPasswordWrong: 'Current password is wrong',
  emailNotValid: 'Please enter a valid email address.',
  passwordChanged: 'Your password has been successfully changed.',
} as const;

/** The server's answer to a creation with mail configured; any other success text is shown as it is. */
const MAIL_SENT = 'An email was sent to the account provided';

/**
 * What a successful creation shows. Without a mail server the server answers with the new user's password
 * (its only copy), so its own words must reach the admin.
 */
export function newUserSuccess(message: string | null | undefined): string {
  return !message || message === MAIL_SENT ? USER_TEXTS.created : message;
}

/** Matches a refused creation (e.g. "User jdoe already exists") to the spec's text. */
export function newUserFailure(error: unknown): string {
  const message = serverMessage(error) ?? '';
  // A taken address; the spec pins this text on the "email" answers of the server.
  if (/^Email .* is not available$/.test(message)) return USER_TEXTS.emailInUse;
  if (/^Email .* is not valid$/.test(message)) return USER_TEXTS.emailNotValid;
  if (/^User .* is not valid$/.test(message)) return RULE_TEXTS.newUserName;
  if (/^User .* already exists$/.test(message)) return USER_TEXTS.userNameExists;
  if (/^Phone .* is not valid$/.test(message)) return RULE_TEXTS.phone;
  return USER_TEXTS.createFailed;
}

/** Matches a refused e-mail change request. */
export function emailChangeFailure(error: unknown): string {
  const message = serverMessage(error) ?? '';
  if (/^Email .* is not available$/.test(message)) return USER_TEXTS.emailInUse;
  if (message === USER_TEXTS.currentPasswordWrong) return message;
  if (/^Email .* is not valid$/.test(message)) return USER_TEXTS.emailNotValid;
  return message || USER_TEXTS.updateFailed;
}

/** A refused password change: the server's reason for a new password it refuses, else the spec's text. */
export function passwordChangeFailure(error: unknown): string {
  return passwordRefusal(error) ?? USER_TEXTS.currentPasswordWrong;
}

/** Role names are shown with spaces for underscores (Admin_User → Admin User). */
export function roleLabel(roleName: string): string {
  return roleName.replace(/_/g, ' ');
}

/**
 * The two roles every organisation has (id 1 regular user, id 2 administrator). A regular user's role list holds
 * only their own role, so the names of the others come from here rather than showing a bare id.
 */
const KNOWN_ROLE_NAMES: Readonly<Record<number, string>> = { 1: 'Regular_User', 2: 'Admin_User' };

/** A role's display name by id: from the roles the server listed, else the known roles, else the id. */
export function roleLabelOf(id: number, roles: ReadonlyArray<{ id: number; role_name: string }>): string {
  const listed = roles.find((role) => role.id === id)?.role_name;
  return roleLabel(listed ?? KNOWN_ROLE_NAMES[id] ?? String(id));
}

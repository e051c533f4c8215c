/** Why an accounts command was refused; the HTTP layer maps each kind to its status. */
export type AccountErrorKind = 'invalid' | 'forbidden' | 'not_found' | 'unavailable';

export interface AccountError {
  kind: AccountErrorKind;
  message: string;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: AccountError };

export const success = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const failure = <T = never>(kind: AccountErrorKind, message: string): Outcome<T> => ({
  ok: false,
  error: { kind, message },
});

/** The texts clients of the original API and the console match on (docs/api.md §2–3, console part 1 §5, §8). */
export const AccountMessages = {
  forbidden: 'Forbidden',
  forbiddenAccess: 'forbidden access',
  notFound: 'not found',
  invalidToken: 'Invalid token',
  tokenExpiredResent: 'Token expired. An email was re-sent to your account.',
  passwordNotValid: 'Password is not valid',
  passwordsDoNotMatch: 'Passwords do not match',
  samePassword: 'New password cannot be the same as current one',
  currentPasswordWrong: 'Current password is wrong',
  sameEmail: 'New e-mail cannot be the same as the current one.',
  passwordChanged: 'Password Changed Successfully',
  emailRequestSent: 'Email Request Sent Successfully',
  emailChanged: 'E-mail Changed Successfully',
  activationResent: 'Activation E-mail Resent Successfully',
  resendFailed: 'Something went wrong trying to resend activation',
  mailSent: 'An email was sent to the account provided',
  noSmtp:
    'Something went wrong trying to send activation: Activation mail not sent because there is no SMTP server configured.',
  missingRecaptcha: 'Missing recaptcha token in request',
  invalidRecaptcha: 'Invalid recaptcha token',
  badRecoveryRecaptcha: 'Got bad recaptcha token while triying to recover password',
  missingRoles: 'Missing user_roles attribute.',
  moreThanOneRole: 'Cannot assign more than one role',
  roleNotAssignable: 'Cannot assign this user role',
  ownAdminRole: 'You cannot remove your own admin role',
  rolesByAdminsOnly: 'Only administrators can change roles',
  deleteSelf: 'You cannot delete your own user',
  fullNameTooLong: 'Full name is too long. Please enter a maximum of 64 characters.',
  fullNameMissing: 'You have to enter a full name',
  emailTooLong: 'Email is too long. Please enter a maximum of 320 characters.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  userNotValid: (username: string) => `User ${username} is not valid`,
  userExists: (username: string) => `User ${username} already exists`,
  emailNotValid: (email: string) => `Email ${email} is not valid`,
  emailNotAvailable: (email: string) => `Email ${email} is not available`,
  phoneNotValid: (phone: string) => `Phone ${phone} is not valid`,
  userCreatedWithPassword: (password: string) =>
    `User Created Successfully. The password is "${password}". Give it to the user, who should change it after signing in.`,
  userDeleted: (username: string) => `User ${username} was deleted successfully.`,
  userUnblocked: (username: string) => `User ${username} was unblocked.`,
} as const;

/**
 * Field rules and texts of the account forms (docs/console.md §5), shared by the public forms (auth) and the user
 * administration screens (users) so both validate and word the same.
 */
export const RULE_TEXTS = {
  username:
    'Invalid username. Please enter at least 3 characters, a maximum of 32 characters, use only letters (a-z), numbers, periods or underscores.',
  fullNameTooLong: 'Full name is too long. Please enter a maximum of 64 characters.',
  emailTooLong: 'Email is too long. Please enter a maximum of 320 characters.',
  password:
    'At least eight characters, an uppercase, a lowercase, a number and a special character. White spaces are not allowed.',
  /** The new-user form's wording of the username rule. */
  newUserName:
    'Invalid User Name. Please enter at least 3 characters, a maximum of 32 characters, use only letters (a-z), numbers, periods or underscores.',
  passwordsDoNotMatch: 'Passwords do not match',
  samePassword: 'New password cannot be the same as current one',
  sameEmail: 'New e-mail cannot be the same as the current one.',
  phone: 'We are sorry, the phone is not valid',
} as const;

const USERNAME = /^[a-z0-9._-]{3,32}$/;
/** Plus sign, digits, hyphen, digits (e.g. +598-99123456). */
const PHONE = /^\+\d+-\d+$/;

export function isValidUsername(value: string): boolean {
  return USERNAME.test(value.trim());
}

export function isValidFullName(value: string): boolean {
  return value.length <= 64;
}

export function isValidEmailLength(value: string): boolean {
  return value.trim().length <= 320;
}

/** An empty phone is valid: the field is optional. */
export function isValidPhone(value: string): boolean {
  const phone = value.trim();
  return phone === '' || PHONE.test(phone);
}

export function isValidPassword(password: string): boolean {
  return (
    password.length >= 8 &&
    password.length <= 50 &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[^A-Za-z0-9\s]/.test(password) &&
    !/\s/.test(password)
  );
}

/** The message under a field, or null when the value is empty or fine (empty fields just keep Save disabled). */
export function fieldError(value: string, valid: (value: string) => boolean, message: string) {
  return value.trim() !== '' && !valid(value) ? message : null;
}

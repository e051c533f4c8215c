import { AccountMessages, failure, success, type Outcome } from './account-errors';
import { ROLE_ADMIN, ROLE_USER } from '@lorawatch/domain/user.view';
import { passwordRefusal, type PasswordOwner } from './password-policy';

/** Field rules of the console (part 1 §5), enforced again here because the API is public. */
const USERNAME = /^[a-z0-9._-]{3,32}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The console's form (+<country>-<number>) and plain E.164. */
const PHONE = /^\+\d{1,4}-?\d{4,14}$/;

/** Usernames are compared lower-cased and trimmed, as sign-in does. */
export function validUsername(raw: string): Outcome<string> {
  const username = raw.trim().toLowerCase();
  return USERNAME.test(username) ? success(username) : failure('invalid', AccountMessages.userNotValid(raw));
}

export function validEmail(raw: string): Outcome<string> {
  const email = raw.trim().toLowerCase();
  if (email.length > 320) return failure('invalid', AccountMessages.emailTooLong);
  return EMAIL.test(email) ? success(email) : failure('invalid', AccountMessages.emailNotValid(raw.trim()));
}

export function validFullName(raw: string): Outcome<string> {
  const fullName = raw.trim();
  if (fullName === '') return failure('invalid', AccountMessages.fullNameMissing);
  return fullName.length > 64 ? failure('invalid', AccountMessages.fullNameTooLong) : success(fullName);
}

/** An empty phone clears it (the original refused it with a 500). */
export function validPhone(raw: string | null | undefined): Outcome<string | null> {
  const phone = raw?.trim() ?? '';
  if (phone === '') return success(null);
  const digits = phone.replace(/\D/g, '').length;
  return PHONE.test(phone) && digits >= 7 && digits <= 15
    ? success(phone)
    : failure('invalid', AccountMessages.phoneNotValid(phone));
}

/**
 * The new password and its optional repetition (the console sends `password2`), checked against the password rule
 * for this owner (password-policy.ts). Never echoes the password.
 */
export function validNewPassword(
  password: string,
  repeated: string | undefined,
  owner: PasswordOwner,
): Outcome<string> {
  const refusal = passwordRefusal(password, owner);
  if (refusal !== null) return failure('invalid', refusal);
  if (repeated !== undefined && repeated !== password)
    return failure('invalid', AccountMessages.passwordsDoNotMatch);
  return success(password);
}

const ASSIGNABLE = [ROLE_USER, ROLE_ADMIN];

/**
 * The roles of a creation by an admin: exactly one, 1 or 2. The console sends a single string such as "1"; a
 * number, a list, or a comma list are accepted too.
 */
export function rolesOf(raw: unknown): Outcome<number[]> {
  const list = roleList(raw);
  if (list === null || list.length === 0) return failure('invalid', AccountMessages.missingRoles);
  if (list.length > 1) return failure('invalid', AccountMessages.moreThanOneRole);
  const role = Number(list[0]);
  return ASSIGNABLE.includes(role) ? success([role]) : failure('invalid', AccountMessages.roleNotAssignable);
}

/** The roles of an update: a non-empty set of 1 and 2. */
export function updatedRolesOf(raw: unknown): Outcome<number[]> {
  const list = roleList(raw);
  if (list === null || list.length === 0) return failure('invalid', AccountMessages.missingRoles);
  const roles = [...new Set(list.map(Number))].sort();
  return roles.every((role) => ASSIGNABLE.includes(role))
    ? success(roles)
    : failure('invalid', AccountMessages.roleNotAssignable);
}

function roleList(raw: unknown): Array<string | number> | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw === 'number') return [raw];
  if (typeof raw === 'string')
    return raw
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
  if (Array.isArray(raw) && raw.every((item) => typeof item === 'number' || typeof item === 'string'))
    return raw as Array<string | number>;
  return [Number.NaN];
}

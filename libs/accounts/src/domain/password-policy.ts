import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { randomBytes } from 'node:crypto';

/**
 * The password rule, after NIST SP 800-63B §5.1.1: a length range wide enough for passphrases, no composition
 * rules, and a screen against common and guessable passwords (the zxcvbn common-password and diceware lists, with
 * its keyboard patterns, l33t substitutions and sequences), plus the account's own names.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase or password manager; the upper bound only keeps argon2 input reasonable. */
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn scores 0 to 4; 3 and 4 mean "safely unguessable" against an offline attack on a slow hash. */
export const PASSWORD_MIN_SCORE = 3;

/** Why a password was refused. Every text starts with the API's "Password is not valid". */
export const PasswordRefusals = {
  length: `Password is not valid: use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
  common:
    'Password is not valid: it is a common password or too easy to guess; a few unrelated words work well',
  personal: 'Password is not valid: it must not contain the username or the e-mail address',
} as const;

export type PasswordRefusal = (typeof PasswordRefusals)[keyof typeof PasswordRefusals];

/** Who the password is for: it may not contain their names. */
export interface PasswordOwner {
  username?: string | null;
  email?: string | null;
}

let estimator: ZxcvbnFactory | null = null;
/** Built on first use: loading the dictionaries takes some tens of milliseconds. */
const strength = (password: string, userInputs: string[]): ZxcvbnResult =>
  (estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs })).check(password, userInputs);

/** The parts of the owner's names a password may not contain: the username and the e-mail's local part. */
function personalWords(owner: PasswordOwner): string[] {
  const words = [owner.username, owner.email?.split('@')[0]]
    .map((word) => word?.trim().toLowerCase() ?? '')
    .filter((word) => word.length >= 3);
  return [...new Set(words)];
}

/** Null when the password may be used by this owner; otherwise the reason, never echoing the password. */
export function passwordRefusal(password: string, owner: PasswordOwner = {}): PasswordRefusal | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return PasswordRefusals.length;
  const personal = personalWords(owner);
  const lower = password.toLowerCase();
  if (personal.some((word) => lower.includes(word))) return PasswordRefusals.personal;
  const result = strength(password, personal);
  // A password that is, as a whole, one entry of a list (whatever its case or l33t spelling) is refused whatever
  // the score says: these are the first guesses of every attack.
  const listed =
    result.sequence.length === 1 &&
    result.sequence[0].pattern === 'dictionary' &&
    result.sequence[0].dictionaryName === 'passwords-common';
  return listed || result.score < PASSWORD_MIN_SCORE ? PasswordRefusals.common : null;
}

/** A strong one-time password for the owner: 24 random URL-safe characters (144 bits). */
export function generatePassword(owner: PasswordOwner = {}): string {
  for (;;) {
    const password = randomBytes(18).toString('base64url');
    if (passwordRefusal(password, owner) === null) return password;
  }
}

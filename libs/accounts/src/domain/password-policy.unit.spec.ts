import { generatePassword, PASSWORD_MAX_LENGTH, passwordRefusal, PasswordRefusals } from './password-policy';

const owner = { username: 'Marisol', email: 'm.quintana@example.com' };

describe('password rule (NIST SP 800-63B)', () => {
  it.each<[string, string, string | null]>([
    ['too short', 'x7#Lq2', PasswordRefusals.length],
    ['a common password in l33t', 'Passw0rd!', PasswordRefusals.common],
    ['a common password with a digit and symbol', 'Welcome1!', PasswordRefusals.common],
    ['the username with digits', 'marisol123!', PasswordRefusals.personal],
    ['the username in other case', 'MARISOL-rules-ok', PasswordRefusals.personal],
    ["the e-mail's local part", 'xx-m.quintana-42', PasswordRefusals.personal],
    ['a keyboard walk', 'qwertyuiop', PasswordRefusals.common],
    ['a repetition', 'aaaaaaaaaaaaaaaa', PasswordRefusals.common],
    ['a long passphrase with spaces', 'violet tractor sings under the harbour bridge', null],
    [
      'a passphrase over 50 characters',
      'seven orange kites drift slowly over the quiet harbour tonight',
      null,
    ],
    ['a strong mixed password', 'Sw0rdfish-Lantern#88', null],
    ['a password at the upper bound', `Kq7!${'zebra-mint-'.repeat(11)}`.slice(0, PASSWORD_MAX_LENGTH), null],
    [
      'one character over the upper bound',
      `Kq7!${'zebra-mint-'.repeat(12)}`.slice(0, PASSWORD_MAX_LENGTH + 1),
      PasswordRefusals.length,
    ],
  ])('%s', (_case, password, refusal) => {
    expect(passwordRefusal(password, owner)).toBe(refusal);
  });

  it('accepts at least 64 characters', () => {
    const sixtyFour = 'harbour tractor violet kite seven orange drift slowly quiet night';
    expect(sixtyFour.length).toBeGreaterThanOrEqual(64);
    expect(passwordRefusal(sixtyFour, owner)).toBeNull();
  });

  it('refuses the username followed by 123! for any user', () => {
    expect(passwordRefusal('jdoe4321!x', { username: 'jdoe' })).toBe(PasswordRefusals.personal);
    expect(passwordRefusal('admin123!', { username: 'admin' })).toBe(PasswordRefusals.personal);
    expect(passwordRefusal('admin123!')).toBe(PasswordRefusals.common);
  });

  it('generates distinct passwords that pass the rule for their owner', () => {
    const first = generatePassword(owner);
    const second = generatePassword(owner);
    expect(first).not.toBe(second);
    expect(first).toHaveLength(24);
    expect(passwordRefusal(first, owner)).toBeNull();
  });

  it('never puts the password in its refusal', () => {
    for (const password of ['Passw0rd!', 'marisol123!', 'short']) {
      const refusal = passwordRefusal(password, owner) ?? '';
      expect(refusal).toMatch(/^Password is not valid/);
      expect(refusal).not.toContain(password);
    }
  });
});

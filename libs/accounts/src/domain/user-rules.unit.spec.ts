import { AccountMessages } from './account-errors';
import { PasswordRefusals } from './password-policy';
import {
  rolesOf,
  updatedRolesOf,
  validEmail,
  validFullName,
  validNewPassword,
  validPhone,
  validUsername,
} from './user-rules';

const refused = (message: string) => ({ ok: false, error: { kind: 'invalid', message } });

describe('field rules', () => {
  it.each([
    ['jdoe', 'jdoe'],
    ['  J.Doe_1-x ', 'j.doe_1-x'],
  ])('takes the username %p as %p', (raw, username) => {
    expect(validUsername(raw)).toEqual({ ok: true, value: username });
  });

  it.each(['jd', 'j doe', 'a'.repeat(33), 'jdoe!', 'jdöe'])('refuses the username %p', (raw) => {
    expect(validUsername(raw)).toEqual(refused(AccountMessages.userNotValid(raw)));
  });

  it('limits the full name to 64 characters and needs one', () => {
    expect(validFullName('x'.repeat(64)).ok).toBe(true);
    expect(validFullName('x'.repeat(65))).toEqual(refused(AccountMessages.fullNameTooLong));
    expect(validFullName('  ')).toEqual(refused(AccountMessages.fullNameMissing));
  });

  it('checks the e-mail and limits it to 320 characters', () => {
    expect(validEmail(' Jane@Example.com ')).toEqual({ ok: true, value: 'jane@example.com' });
    expect(validEmail('jane@')).toEqual(refused(AccountMessages.emailNotValid('jane@')));
    expect(validEmail(`${'a'.repeat(310)}@example.com`)).toEqual(refused(AccountMessages.emailTooLong));
  });

  it('takes a phone as +<country>-<number> or E.164, and an empty one as none', () => {
    expect(validPhone('+598-99123456')).toEqual({ ok: true, value: '+598-99123456' });
    expect(validPhone('+59899123456')).toEqual({ ok: true, value: '+59899123456' });
    expect(validPhone('')).toEqual({ ok: true, value: null });
    expect(validPhone(null)).toEqual({ ok: true, value: null });
    expect(validPhone('099 123')).toEqual(refused(AccountMessages.phoneNotValid('099 123')));
    expect(validPhone('+1-23')).toEqual(refused(AccountMessages.phoneNotValid('+1-23')));
  });

  it('never echoes a refused password and checks the repetition', () => {
    const owner = { username: 'jdoe', email: 'jane@example.com' };
    expect(validNewPassword('weak', undefined, owner)).toEqual(refused(PasswordRefusals.length));
    expect(validNewPassword('orbit-Lantern-57', 'orbit-Lantern-58', owner)).toEqual(
      refused(AccountMessages.passwordsDoNotMatch),
    );
    expect(validNewPassword('orbit-Lantern-57', 'orbit-Lantern-57', owner)).toEqual({
      ok: true,
      value: 'orbit-Lantern-57',
    });
  });

  it('takes exactly one assignable role on creation, in the forms the console sends', () => {
    expect(rolesOf('1')).toEqual({ ok: true, value: [1] });
    expect(rolesOf(2)).toEqual({ ok: true, value: [2] });
    expect(rolesOf(['2'])).toEqual({ ok: true, value: [2] });
    expect(rolesOf(undefined)).toEqual(refused(AccountMessages.missingRoles));
    expect(rolesOf([1, 2])).toEqual(refused(AccountMessages.moreThanOneRole));
    expect(rolesOf('9')).toEqual(refused(AccountMessages.roleNotAssignable));
    expect(rolesOf({ id: 1 })).toEqual(refused(AccountMessages.roleNotAssignable));
  });

  it('takes a set of assignable roles on update', () => {
    expect(updatedRolesOf([2, 1, 2])).toEqual({ ok: true, value: [1, 2] });
    expect(updatedRolesOf([])).toEqual(refused(AccountMessages.missingRoles));
    expect(updatedRolesOf([9])).toEqual(refused(AccountMessages.roleNotAssignable));
  });
});

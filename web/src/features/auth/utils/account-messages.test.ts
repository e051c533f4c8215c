import { ApiError } from '../../../lib/api';
import { recoveryFailure, setPasswordFailure } from './account-messages';

const refused = (text: string, status = 400) => new ApiError(status, { error: text, message: text });

describe('set-password refusals', () => {
  it('turns an unknown or used link into the invalid-token text', () => {
    expect(setPasswordFailure(refused('Invalid token'))).toBe(
      'We are sorry, the token is invalid. Please contact support.',
    );
    expect(setPasswordFailure(new ApiError(0, null))).toBe(
      'We are sorry, the token is invalid. Please contact support.',
    );
  });

  it("shows the server's own words otherwise", () => {
    expect(setPasswordFailure(refused('Token expired. An email was re-sent to your account.'))).toBe(
      'Token expired. An email was re-sent to your account.',
    );
  });

  it("shows the server's reason for a refused password, and the rule for a bare refusal", () => {
    const reason = 'Password is not valid: it must not contain the username or the e-mail address';
    expect(setPasswordFailure(refused(reason))).toBe(reason);
    expect(setPasswordFailure(refused('Password is not valid'))).toBe(
      'Use 8 to 128 characters. Common passwords and passwords containing your username or e-mail are refused; a few unrelated words make a strong one.',
    );
  });
});

describe('recovery refusals', () => {
  it('flags the captcha, repeats the rate limit and is generic otherwise', () => {
    expect(
      recoveryFailure(refused('Got bad recaptcha token while triying to recover password')).captcha,
    ).toBe(true);
    expect(recoveryFailure(refused('Too many requests. Please wait a moment and try again.', 429)).text).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
    expect(recoveryFailure(refused('boom', 500)).text).toBe(
      'An error has occurred while trying to recover your password.',
    );
  });
});

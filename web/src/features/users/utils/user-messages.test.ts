import { ApiError } from '../../../lib/api';
import { passwordChangeFailure } from './user-messages';

const refused = (text: string) => new ApiError(400, { error: text, message: text });

describe('password change refusals', () => {
  it("shows the server's reason for a refused new password", () => {
    const reason =
      'Password is not valid: it is a common password or too easy to guess; a few unrelated words work well';
    expect(passwordChangeFailure(refused(reason))).toBe(reason);
  });

  it('keeps the spec text for any other refusal', () => {
    expect(passwordChangeFailure(refused('Current password is wrong'))).toBe('Current password is wrong');
    expect(passwordChangeFailure(refused('New password cannot be the same as current one'))).toBe(
      'Current password is wrong',
    );
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const RULE =
  'Use 8 to 128 characters. Common passwords and passwords containing your username or e-mail are refused; a few unrelated words make a strong one.';
const saveButton = () => screen.getByRole('button', { name: 'Save' });

async function typePasswords(password: string, repeated: string) {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (repeated) await user.type(screen.getByLabelText('Repeat password'), repeated);
  return user;
}

describe.each([
  ['/activation/tok-1', 'create_password/tok-1', 'Activate Account'],
  ['/change_password/tok-1', 'change_password_by_recovery/tok-1', 'Change Password'],
])('set-password page at %s', (path, apiPath, title) => {
  it('keeps Save disabled while a field is empty, and shows the rule and mismatch messages', async () => {
    renderApp(path);
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    const user = await typePasswords('short', '');
    expect(screen.getByText(RULE)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await user.clear(screen.getByLabelText('Password'));
    await typePasswords('Str0ng!pass', 'Str0ng!pasz');
    expect(screen.queryByText(RULE)).toBeNull();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('takes a passphrase with spaces, longer than 50 characters', async () => {
    renderApp(path);
    const phrase = 'seven orange kites drift slowly over the quiet harbour tonight';
    await typePasswords(phrase, phrase);
    expect(screen.queryByText(RULE)).toBeNull();
    expect(saveButton()).toBeEnabled();
  });

  it("shows the server's reason for a refused password", async () => {
    const reason =
      'Password is not valid: it is a common password or too easy to guess; a few unrelated words work well';
    renderApp(path, {
      [`PUT ${apiPath}`]: () => jsonResponse({ error: reason, message: reason }, 400),
    });
    const user = await typePasswords('Passw0rd!', 'Passw0rd!');
    await user.click(saveButton());
    expect(await screen.findByTestId('set-password-error')).toHaveTextContent(reason);
  });

  it('sends both passwords and opens the login page with the green message', async () => {
    const app = renderApp(path, {
      [`PUT ${apiPath}`]: () => jsonResponse({ message: 'Password Changed Successfully' }),
    });
    const user = await typePasswords('Str0ng!pass', 'Str0ng!pass');
    await user.click(saveButton());

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(
      await screen.findByText('Your password has been updated. You can login with your account now.'),
    ).toBeInTheDocument();
    const request = app.requests.find((entry) => entry.path === apiPath);
    expect(request?.body).toEqual({ password: 'Str0ng!pass', password2: 'Str0ng!pass' });
  });

  it('shows the invalid-token message for a refused link', async () => {
    renderApp(path, {
      [`PUT ${apiPath}`]: () => jsonResponse({ error: 'Invalid token', message: 'Invalid token' }, 400),
    });
    const user = await typePasswords('Str0ng!pass', 'Str0ng!pass');
    await user.click(saveButton());
    expect(await screen.findByTestId('set-password-error')).toHaveTextContent(
      'We are sorry, the token is invalid. Please contact support.',
    );
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { makeAccessToken } from '../../../test/tokens';

describe('sign-in page', () => {
  const loginButton = () => screen.getByRole('button', { name: 'Login' });

  it('enables Login only when both fields are filled (a blank username counts as empty)', async () => {
    const user = userEvent.setup();
    renderApp('/login');

    expect(loginButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Username or email'), '   ');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    expect(loginButton()).toBeDisabled();

    await user.type(screen.getByLabelText('Username or email'), 'alice');
    expect(loginButton()).toBeEnabled();

    await user.clear(screen.getByLabelText('Password'));
    expect(loginButton()).toBeDisabled();
  });

  it('links to password recovery and sign-up', () => {
    renderApp('/');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/recovery');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
  });

  it('sends the trimmed username, stores the session and goes to the dashboard', async () => {
    const user = userEvent.setup();
    const accessToken = makeAccessToken({ username: 'alice', organizationId: 7 });
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const app = renderApp('/login', {
      'POST login': async () => {
        await answered;
        return jsonResponse({
          message: 'Logged in as alice',
          access_token: accessToken,
          refresh_token: 'refresh-1',
        });
      },
      'GET alerts': () => jsonResponse([]),
      'GET alerts/count': () => jsonResponse({ count: 0 }),
      'GET alert_types': () => jsonResponse([]),
      'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    });

    await user.type(screen.getByLabelText('Username or email'), '  alice  ');
    await user.type(screen.getByLabelText('Password'), ' Secret#123');
    await user.click(loginButton());

    // Disabled while the request is in flight.
    expect(loginButton()).toBeDisabled();
    release();

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/dashboard'));
    const login = app.requests.find((request) => request.path === 'login');
    expect(login?.body).toEqual({ username: 'alice', password: ' Secret#123' });
    expect(login?.headers.Authorization).toBeUndefined();
    expect(window.localStorage.getItem('token')).toBe(accessToken);
    expect(window.localStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(window.localStorage.getItem('username')).toBe('alice');
    expect(window.localStorage.getItem('organization_id')).toBe('7');
    expect(await screen.findByText('Acme')).toBeInTheDocument();
  });

  it('shows the login error on a 403 answer', async () => {
    const user = userEvent.setup();
    renderApp('/login', { 'POST login': () => jsonResponse({ error: 'forbidden access' }, 403) });

    await user.type(screen.getByLabelText('Username or email'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(loginButton());

    const error = await screen.findByTestId('login-error');
    expect(error).toHaveTextContent('Login Error');
    expect(error).toHaveTextContent('Username or password is incorrect');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(loginButton()).toBeEnabled();
  });

  it('confirms a password change when arriving with the flag', () => {
    renderApp('/login?password_updated=1');
    expect(
      screen.getByText('Your password has been updated. You can login with your account now.'),
    ).toBeInTheDocument();
  });
});

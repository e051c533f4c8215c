import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../../app/AppProviders';
import { createServices } from '../../../lib/services';
import { createFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { FakeSocket } from '../../../test/fake-socket';
import { renderApp } from '../../../test/render-app';
import { CAPTCHA_PLACEHOLDER_TOKEN } from './CaptchaField';
import { RegisterPage } from './RegisterPage';

const refusal =
  (message: string, status = 400) =>
  () =>
    jsonResponse({ error: message, message }, status);

/** Pastes into each named field (typing hundreds of characters one by one is slow on a busy machine). */
async function fillForm(fields: { username?: string; fullName?: string; email?: string; phone?: string }) {
  const user = userEvent.setup();
  const fill = async (label: RegExp, value: string | undefined) => {
    if (!value) return;
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  };
  await fill(/^Username/, fields.username);
  await fill(/^Fullname/, fields.fullName);
  await fill(/^E-Mail/, fields.email);
  await fill(/^Phone/, fields.phone);
  return user;
}

const registerButton = () => screen.getByRole('button', { name: 'Register' });
const complete = { username: 'jdoe', fullName: 'Jane Doe', email: 'jane@example.com' };

describe('sign-up page', () => {
  it('enables Register only when username, full name and email are filled', async () => {
    renderApp('/register');
    expect(registerButton()).toBeDisabled();
    const user = await fillForm({ username: 'jdoe', fullName: 'Jane Doe' });
    expect(registerButton()).toBeDisabled();
    await user.type(screen.getByLabelText(/^E-Mail/), '   ');
    expect(registerButton()).toBeDisabled();
    await user.type(screen.getByLabelText(/^E-Mail/), 'jane@example.com');
    expect(registerButton()).toBeEnabled();
  });

  it('sends the trimmed fields with the placeholder captcha token and confirms the mail', async () => {
    const app = renderApp('/register', {
      'POST register': () => jsonResponse({ message: 'An email was sent to the account provided' }),
    });
    const user = await fillForm({
      username: ' jdoe ',
      fullName: 'Jane Doe ',
      email: ' jane@example.com',
      phone: '+598-99123456',
    });
    await user.click(registerButton());

    expect(await screen.findByText('An email was sent to the account provided.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    const request = app.requests.find((entry) => entry.path === 'register');
    expect(request?.body).toEqual({
      username: 'jdoe',
      full_name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '+598-99123456',
      recaptcha_token: CAPTCHA_PLACEHOLDER_TOKEN,
    });
    expect(request?.headers.Authorization).toBeUndefined();
  });

  it('shows the field rules as they are broken and sends nothing', async () => {
    const app = renderApp('/register');
    const user = await fillForm({
      username: 'J',
      fullName: 'x'.repeat(65),
      email: `${'a'.repeat(320)}@b.c`,
      phone: '099 123',
    });
    expect(
      screen.getByText(
        'Invalid username. Please enter at least 3 characters, a maximum of 32 characters, use only letters (a-z), numbers, periods or underscores.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Full name is too long. Please enter a maximum of 64 characters.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Email is too long. Please enter a maximum of 320 characters.'),
    ).toBeInTheDocument();
    expect(screen.getByText('We are sorry, the phone is not valid')).toBeInTheDocument();
    await user.click(registerButton());
    expect(app.requests.some((entry) => entry.path === 'register')).toBe(false);
  });

  it.each([
    ['User jdoe already exists', 'We are sorry, that username already exists.'],
    [
      'User jdoe is not valid',
      'Invalid username. Please enter at least 3 characters, a maximum of 32 characters, use only letters (a-z), numbers, periods or underscores.',
    ],
    ['Email jane@example.com is not available', 'We are sorry. That email already exists.'],
    ['Phone +598-1 is not valid', 'We are sorry, the phone is not valid'],
    [
      'Something went wrong trying to send activation: Activation mail not sent because there is no SMTP server configured.',
      'There is no SMTP server configured. Please create this user from an admin account.',
    ],
    ['Email jane@example is not valid', 'An error has occurred while trying to create your account.'],
  ])('answers the server refusal "%s" with the spec text', async (serverText, shown) => {
    renderApp('/register', { 'POST register': refusal(serverText) });
    const user = await fillForm(complete);
    await user.click(registerButton());
    expect(await screen.findByTestId('register-error')).toHaveTextContent(shown);
  });

  it('flags the captcha when the server refuses the token', async () => {
    renderApp('/register', { 'POST register': refusal('Invalid recaptcha token') });
    const user = await fillForm(complete);
    await user.click(registerButton());
    expect(
      await screen.findByText('The captcha could not be verified. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('register-error')).toBeNull();
  });

  it('says an admin must create the user when there is no mail server, and goes back to login', async () => {
    const app = renderApp('/register');
    expect(screen.getByText(/an administrator must create your user/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to Login' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
  });

  it('keeps Register disabled until a configured captcha is solved', async () => {
    // A site key whose script never loads here: no token, so the form cannot be sent.
    render(
      <AppProviders
        services={createServices({ fetch: createFakeFetch({}).fetch, createSocket: () => new FakeSocket() })}
        env="test"
      >
        <MemoryRouter>
          <RegisterPage siteKey="site-key" />
        </MemoryRouter>
      </AppProviders>,
    );
    await fillForm(complete);
    expect(registerButton()).toBeDisabled();
  });
});

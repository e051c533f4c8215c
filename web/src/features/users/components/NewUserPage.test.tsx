import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { ADMIN, REGULAR, refusal, signInAs, usersBackend } from '../testing/users-backend';
import type { FakeRoute } from '../../../test/fake-fetch';

const saveButton = () => screen.getByRole('button', { name: 'Save' });

async function fill(fields: { fullName?: string; username?: string; email?: string; phone?: string }) {
  const user = userEvent.setup();
  const paste = async (label: RegExp, value: string | undefined) => {
    if (!value) return;
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  };
  await paste(/^Full name/, fields.fullName);
  await paste(/^Username/, fields.username);
  await paste(/^Email/, fields.email);
  await paste(/^Phone/, fields.phone);
  return user;
}

async function chooseRole(label: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('textbox', { name: /^Role/ }));
  await user.click(await screen.findByRole('option', { name: label }));
}

function renderNewUser(register?: FakeRoute) {
  signInAs(ADMIN);
  return renderApp(
    '/dashboard/users/new',
    usersBackend(ADMIN, register ? { 'POST register': register } : {}),
  );
}

const complete = { fullName: 'Dan New', username: 'dan', email: 'dan@example.com' };

describe('new user page', () => {
  it('shows the 403 page to a regular user', async () => {
    signInAs(REGULAR);
    renderApp('/dashboard/users/new', usersBackend(REGULAR));
    expect(await screen.findByText('Access Forbidden')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'GO BACK' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByLabelText(/^Full name/)).toBeNull();
  });

  it('enables Save only with full name, username, email and role, and creates the user', async () => {
    const app = renderNewUser(() => jsonResponse({ message: 'An email was sent to the account provided' }));
    expect(await screen.findByRole('heading', { name: 'NEW USER' })).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    const user = await fill(complete);
    expect(saveButton()).toBeDisabled();
    await chooseRole('Admin User');
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());

    expect(await screen.findByTestId('new-user-success')).toHaveTextContent(
      'The user has been successfully created. A link to activate the account has been emailed.',
    );
    const request = app.requests.find((entry) => entry.path === 'register');
    expect(request?.body).toEqual({
      full_name: 'Dan New',
      username: 'dan',
      email: 'dan@example.com',
      user_roles: '2',
    });
    expect(request?.headers.Authorization).toMatch(/^Bearer /);
  });

  it("shows the server's own success text (the password made when there is no mail server)", async () => {
    renderNewUser(() =>
      jsonResponse({
        message: 'User Created Successfully. The password is "Lw-abc9z". Give it to the user.',
      }),
    );
    const user = await fill({ ...complete, phone: '+598-99123456' });
    await chooseRole('Regular User');
    await user.click(saveButton());
    expect(await screen.findByTestId('new-user-success')).toHaveTextContent(
      'User Created Successfully. The password is "Lw-abc9z". Give it to the user.',
    );
  });

  it('shows the invalid user name rule and sends nothing', async () => {
    const app = renderNewUser();
    const user = await fill({ ...complete, username: 'Dan Smith' });
    await chooseRole('Regular User');
    expect(
      screen.getByText(
        'Invalid User Name. Please enter at least 3 characters, a maximum of 32 characters, use only letters (a-z), numbers, periods or underscores.',
      ),
    ).toBeInTheDocument();
    await user.click(saveButton());
    expect(app.requests.some((entry) => entry.path === 'register')).toBe(false);
  });

  it.each([
    [
      'Email dan@example.com is not available',
      'We are sorry. The email address you entered is already in use.',
    ],
    [
      'User dan is not valid',
      'Invalid User Name. Please enter at least 3 characters, a maximum of 32 characters, use only letters (a-z), numbers, periods or underscores.',
    ],
    ['User dan already exists', 'We are sorry, that User Name already exists.'],
    ['Phone +598-1 is not valid', 'We are sorry, the phone is not valid'],
    ['Cannot assign this user role', 'An error has occurred while trying to create the user.'],
  ])('answers the refusal "%s" with the spec text', async (serverText, shown) => {
    renderNewUser(refusal(serverText));
    const user = await fill(complete);
    await chooseRole('Regular User');
    await user.click(saveButton());
    expect(await screen.findByTestId('new-user-error')).toHaveTextContent(shown);
    await waitFor(() => expect(saveButton()).toBeEnabled());
  });
});

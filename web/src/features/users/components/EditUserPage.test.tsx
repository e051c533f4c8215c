import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { ADMIN, REGULAR, refusal, signInAs, usersBackend } from '../testing/users-backend';
import type { User } from '../types/user';

const RULE =
  'Use 8 to 128 characters. Common passwords and passwords containing your username or e-mail are refused; a few unrelated words make a strong one.';

function renderEdit(viewer: User, target: User, routes: Record<string, FakeRoute> = {}) {
  signInAs(viewer);
  return renderApp(
    `/dashboard/users/${target.username}`,
    usersBackend(viewer, { [`GET user/${target.username}`]: () => jsonResponse(target), ...routes }),
  );
}

const form = (name: string) => screen.getByRole('form', { name });

async function openSection(name: string) {
  await userEvent.setup().click(screen.getByRole('button', { name }));
}

describe('edit user page', () => {
  it('shows the 403 page when a regular user opens someone else', async () => {
    const app = renderEdit(REGULAR, ADMIN);
    expect(await screen.findByText('Access Forbidden')).toBeInTheDocument();
    expect(app.requests.some((entry) => entry.path === 'user/admin')).toBe(false);
  });

  it('lets a user edit their own name and phone, with the role fixed', async () => {
    const app = renderEdit(REGULAR, REGULAR, {
      'PUT user/bob': () => jsonResponse({ ...REGULAR, full_name: 'Bob Renamed' }),
    });
    expect(await screen.findByRole('heading', { name: 'EDIT USER' })).toBeInTheDocument();
    expect(await screen.findByTestId('edited-username')).toHaveTextContent('bob');
    for (const section of ['User', 'Change email', 'Change password'])
      expect(screen.getByRole('button', { name: section })).toBeInTheDocument();

    const user = userEvent.setup();
    const userForm = form('User');
    expect(within(userForm).getByRole('textbox', { name: 'Role' })).toBeDisabled();
    const fullName = within(userForm).getByLabelText(/^Full name/);
    await user.clear(fullName);
    await user.type(fullName, 'Bob Renamed');
    await user.clear(within(userForm).getByLabelText('Phone'));
    await user.click(within(userForm).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The user has been successfully updated.')).toBeInTheDocument();
    expect(app.requests.find((entry) => entry.method === 'PUT')?.body).toEqual({
      full_name: 'Bob Renamed',
      phone: null,
    });
  });

  it('shows the failure text when the update is refused', async () => {
    renderEdit(REGULAR, REGULAR, { 'PUT user/bob': refusal('Phone +1-2 is not valid') });
    const userForm = await waitFor(() => form('User'));
    await userEvent.setup().click(within(userForm).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('An error has occurred while trying to update the user.'),
    ).toBeInTheDocument();
  });

  it('shows an admin only the username and the role of another user', async () => {
    const app = renderEdit(ADMIN, REGULAR, {
      'PUT user/bob': () => jsonResponse({ ...REGULAR, user_roles: [2] }),
    });
    expect(await screen.findByTestId('edited-username')).toHaveTextContent('bob');
    expect(screen.queryByRole('button', { name: 'Change email' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
    const userForm = form('User');
    expect(within(userForm).queryByLabelText(/^Full name/)).toBeNull();
    const role = within(userForm).getByRole('textbox', { name: 'Role' });
    expect(role).toBeEnabled();
    await waitFor(() => expect(role).toHaveValue('Regular User'));

    const user = userEvent.setup();
    await user.click(role);
    await user.click(await screen.findByRole('option', { name: 'Admin User' }));
    await user.click(within(userForm).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The user has been successfully updated.')).toBeInTheDocument();
    expect(app.requests.find((entry) => entry.method === 'PUT')?.body).toEqual({ user_roles: [2] });
  });

  // Who edits whom → whether the "Sign-in" section (lifting sign-in waits) is offered.
  it.each([
    ['an admin editing another user', ADMIN, REGULAR, true],
    ['an admin editing themselves', ADMIN, ADMIN, false],
    ['a user editing themselves', REGULAR, REGULAR, false],
  ] as const)('offers the sign-in section to %s: %p', async (_label, viewer, target, offered) => {
    renderEdit(viewer, target);
    expect(await screen.findByTestId('edited-username')).toHaveTextContent(target.username);
    expect(screen.queryByRole('button', { name: 'Sign-in' }) !== null).toBe(offered);
  });

  it('lets an admin allow a user to sign in now', async () => {
    const app = renderEdit(ADMIN, REGULAR, {
      'POST user/bob/unblock': () => jsonResponse({ message: 'User bob was unblocked.' }),
    });
    await screen.findByTestId('edited-username');
    await openSection('Sign-in');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Allow bob to sign in now' }));
    expect(await screen.findByText('User bob was unblocked.')).toBeInTheDocument();
    expect(app.requests.some((entry) => entry.method === 'POST' && entry.path === 'user/bob/unblock')).toBe(
      true,
    );
  });

  it('disables the role dropdown for an admin editing themselves', async () => {
    renderEdit(ADMIN, ADMIN);
    const userForm = await waitFor(() => form('User'));
    expect(within(userForm).getByRole('textbox', { name: 'Role' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
  });

  describe('change password', () => {
    async function fillPasswords(current: string, password: string, repeated: string) {
      await openSection('Change password');
      const section = form('Change password');
      const user = userEvent.setup();
      if (current) await user.type(within(section).getByLabelText('Current password'), current);
      if (password) await user.type(within(section).getByLabelText('New password'), password);
      if (repeated) await user.type(within(section).getByLabelText('Repeat new password'), repeated);
      return { section, user };
    }

    it('shows the rules: password rule, same as current, mismatch', async () => {
      renderEdit(REGULAR, REGULAR);
      await screen.findByTestId('edited-username');
      const { section, user } = await fillPasswords('Old!pass1', 'weak', '');
      expect(within(section).getByText(RULE)).toBeInTheDocument();
      await user.clear(within(section).getByLabelText('New password'));
      await user.type(within(section).getByLabelText('New password'), 'Old!pass1');
      expect(within(section).getByText('New password cannot be the same as current one')).toBeInTheDocument();
      await user.clear(within(section).getByLabelText('New password'));
      await user.type(within(section).getByLabelText('New password'), 'New!pass2');
      await user.type(within(section).getByLabelText('Repeat new password'), 'New!pass3');
      expect(within(section).getByText('Passwords do not match')).toBeInTheDocument();
      expect(within(section).getByRole('button', { name: 'Save' })).toBeDisabled();
    });

    it('says the current password is wrong when the change is refused', async () => {
      renderEdit(REGULAR, REGULAR, { 'PUT change_password': refusal('Current password is wrong') });
      await screen.findByTestId('edited-username');
      const { section, user } = await fillPasswords('Wrong!pass1', 'New!pass2', 'New!pass2');
      await user.click(within(section).getByRole('button', { name: 'Save' }));
      expect(await within(section).findByTestId('change-password-error')).toHaveTextContent(
        'Current password is wrong',
      );
    });

    it("shows the server's reason for a refused new password", async () => {
      const reason = 'Password is not valid: it must not contain the username or the e-mail address';
      renderEdit(REGULAR, REGULAR, { 'PUT change_password': refusal(reason) });
      await screen.findByTestId('edited-username');
      const { section, user } = await fillPasswords('Old!pass1', 'regular-2024', 'regular-2024');
      await user.click(within(section).getByRole('button', { name: 'Save' }));
      expect(await within(section).findByTestId('change-password-error')).toHaveTextContent(reason);
    });

    it('confirms a changed password', async () => {
      const app = renderEdit(REGULAR, REGULAR, {
        'PUT change_password': () => jsonResponse({ message: 'Password Changed Successfully' }),
      });
      await screen.findByTestId('edited-username');
      const { section, user } = await fillPasswords('Old!pass1', 'New!pass2', 'New!pass2');
      await user.click(within(section).getByRole('button', { name: 'Save' }));
      expect(
        await within(section).findByText('Your password has been successfully changed.'),
      ).toBeInTheDocument();
      expect(app.requests.find((entry) => entry.path === 'change_password')?.body).toEqual({
        current_password: 'Old!pass1',
        password: 'New!pass2',
        password2: 'New!pass2',
      });
    });
  });

  describe('change email', () => {
    async function fillEmail(email: string, password: string) {
      await openSection('Change email');
      const section = form('Change email');
      const user = userEvent.setup();
      if (email) await user.type(within(section).getByLabelText('New email'), email);
      if (password) await user.type(within(section).getByLabelText('Current password'), password);
      return { section, user };
    }

    it('needs both fields and a different address', async () => {
      renderEdit(REGULAR, REGULAR);
      await screen.findByTestId('edited-username');
      const { section, user } = await fillEmail('bob@example.com', '');
      expect(
        within(section).getByText('New e-mail cannot be the same as the current one.'),
      ).toBeInTheDocument();
      await user.type(within(section).getByLabelText('Current password'), 'Old!pass1');
      expect(within(section).getByRole('button', { name: 'Save' })).toBeDisabled();
      await user.clear(within(section).getByLabelText('New email'));
      await user.type(within(section).getByLabelText('New email'), 'bob2@example.com');
      expect(within(section).getByRole('button', { name: 'Save' })).toBeEnabled();
    });

    it.each([
      [
        'Email bob2@example.com is not available',
        'We are sorry. The email address you entered is already in use.',
      ],
      ['Current password is wrong', 'Current password is wrong'],
      ['Email bob2@example is not valid', 'Please enter a valid email address.'],
    ])('answers the refusal "%s"', async (serverText, shown) => {
      renderEdit(REGULAR, REGULAR, { 'POST change_email_request': refusal(serverText) });
      await screen.findByTestId('edited-username');
      const { section, user } = await fillEmail('bob2@example.com', 'Old!pass1');
      await user.click(within(section).getByRole('button', { name: 'Save' }));
      expect(await within(section).findByTestId('change-email-error')).toHaveTextContent(shown);
    });

    it('confirms the request', async () => {
      const app = renderEdit(REGULAR, REGULAR, {
        'POST change_email_request': () => jsonResponse({ message: 'Email Request Sent Successfully' }),
      });
      await screen.findByTestId('edited-username');
      const { section, user } = await fillEmail(' bob2@example.com ', 'Old!pass1');
      await user.click(within(section).getByRole('button', { name: 'Save' }));
      expect(
        await within(section).findByText(
          'Your change email request was successful. Please check your email for further instructions.',
        ),
      ).toBeInTheDocument();
      expect(app.requests.find((entry) => entry.path === 'change_email_request')?.body).toEqual({
        email: 'bob2@example.com',
        current_password: 'Old!pass1',
      });
    });
  });
});

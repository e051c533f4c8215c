import type { Page } from 'playwright-core';
import {
  describeConsole,
  useConsole,
  type ConsoleContext,
  type ConsoleUser,
} from './support/console-browser';

/**
 * Accounts and users in a real browser against the shared demo server and its SMTP sink: sign-up with the mailed
 * activation link, password recovery, the admin's user management, and a regular user's limits.
 */
describeConsole('console accounts and users', () => {
  const ctx = useConsole();
  const run = Date.now().toString(36);
  const PASSWORD = 'Firs7!pass';

  /** The path of the console link in a mail (the server's public URL may name another host than the test's). */
  function linkPath(text: string, route: string): string {
    const match = new RegExp(`https?://[^\\s/]+(/${route}/[^\\s]+)`).exec(text);
    if (!match) throw new Error(`no ${route} link in: ${text}`);
    return match[1];
  }

  async function newPage(c: ConsoleContext): Promise<Page> {
    return c.browser.newPage({ viewport: { width: 1280, height: 900 } });
  }

  async function setPassword(page: Page, password: string): Promise<void> {
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Repeat password').fill(password);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((target) => target.pathname === '/login');
    await page.getByText('Your password has been updated. You can login with your account now.').waitFor();
  }

  /** A regular user of the operator's organization, created and activated through the API and the mail. */
  let regular: Promise<ConsoleUser & { email: string }> | null = null;
  function regularUser(c: ConsoleContext) {
    regular ??= (async () => {
      const username = `reg-${run}`;
      const email = `${username}@example.com`;
      const created = await c.api('POST', 'register', {
        username,
        full_name: 'Regular Accounts',
        email,
        user_roles: '1',
      });
      expect(created.status).toBe(200);
      const path = linkPath((await c.nextMail(email)).text, 'activation');
      const token = path.split('/').pop() ?? '';
      const activated = await fetch(`${c.url}/api/v1.0/create_password/${token}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ password: PASSWORD, password2: PASSWORD }),
      });
      expect(activated.status).toBe(200);
      return { username, password: PASSWORD, email };
    })();
    return regular;
  }

  it('signs up, activates the account from the mail and signs in', async () => {
    const c = ctx();
    const username = `signup-${run}`;
    const email = `${username}@example.com`;
    const page = await newPage(c);
    await page.goto(`${c.url}/register`);
    await page.getByLabel(/^Username/).fill(username);
    await page.getByLabel(/^Fullname/).fill('Sign Up Person');
    await page.getByLabel(/^E-Mail/).fill(email);
    await page.getByLabel(/^Phone/).fill('+598-99123456');
    await c.screenshot(page, 'accounts-register');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('An email was sent to the account provided.').waitFor();
    await c.screenshot(page, 'accounts-register-sent');

    const mail = await c.nextMail(email);
    expect(mail.subject).toBe('Activate your LoRaWatch account');
    await page.goto(`${c.url}${linkPath(mail.text, 'activation')}`);
    await page.getByRole('heading', { name: 'Activate Account' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page
      .getByText(
        'Use 8 to 128 characters. Common passwords and passwords containing your username or e-mail are refused; a few unrelated words make a strong one.',
      )
      .waitFor();
    await c.screenshot(page, 'accounts-activation');
    await setPassword(page, PASSWORD);
    await c.screenshot(page, 'accounts-login-password-updated');

    await c.signIn(page, { username, password: PASSWORD });
    expect(new URL(page.url()).pathname.startsWith('/dashboard')).toBe(true);
    await page.getByTestId('username').waitFor();
    expect(await page.getByTestId('username').innerText()).toBe(username);
    await page.close();
  });

  it('answers a sign-up with a taken username as any other, and tells the address by mail', async () => {
    const c = ctx();
    const email = `other-${run}@example.com`;
    const page = await newPage(c);
    await page.goto(`${c.url}/register`);
    await page.getByLabel(/^Username/).fill('operator');
    await page.getByLabel(/^Fullname/).fill('Someone Else');
    await page.getByLabel(/^E-Mail/).fill(email);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('An email was sent to the account provided.').waitFor();
    expect((await c.nextMail(email)).text).toContain('with the username operator, which is already in use');
    await c.screenshot(page, 'accounts-register-taken');
    await page.close();
  });

  it('lets an admin create a user, see it in the list and its profile, then remove it', async () => {
    const c = ctx();
    const username = `new-${run}`;
    const page = await c.signedInPage('/dashboard/users/new');
    await page.getByRole('heading', { name: 'NEW USER' }).waitFor();
    await page.getByLabel(/^Full name/).fill('Created By Admin');
    await page.getByLabel(/^Username/).fill(username);
    await page.getByLabel(/^Email/).fill(`${username}@example.com`);
    await page.getByRole('textbox', { name: /^Role/ }).click();
    await page.getByRole('option', { name: 'Regular User' }).click();
    await c.screenshot(page, 'accounts-new-user');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('new-user-success').waitFor();
    expect(await page.getByTestId('new-user-success').innerText()).toContain(
      'The user has been successfully created. A link to activate the account has been emailed.',
    );
    expect((await c.nextMail(`${username}@example.com`)).subject).toBe('Activate your LoRaWatch account');

    await page.getByRole('link', { name: 'Go to the user list' }).click();
    await page.getByTestId('users-table').waitFor();
    await page.getByLabel('Items per page').selectOption('100');
    const row = page.locator(`[data-testid="user-row"][data-username="${username}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('Regular User');
    // Not activated yet: the admin can mail the link again.
    await row.getByRole('button', { name: `Resend activation to ${username}` }).waitFor();
    await c.screenshot(page, 'accounts-user-list');

    await row.getByRole('link', { name: `View ${username}` }).click();
    await page.getByRole('heading', { name: 'USER PROFILE' }).waitFor();
    await page.getByTestId('profile-full-name').getByText('Created By Admin').waitFor();
    await c.screenshot(page, 'accounts-user-profile');
    await page.getByRole('link', { name: 'EDIT USER' }).click();
    await page.getByTestId('edited-username').getByText(username).waitFor();
    expect(await page.getByRole('button', { name: 'Change password' }).count()).toBe(0);
    await c.screenshot(page, 'accounts-edit-user-admin');

    await page.goto(`${c.url}/dashboard/users`);
    await page.getByLabel('Items per page').selectOption('100');
    await row.getByRole('button', { name: `Remove ${username}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove user' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await row.waitFor({ state: 'detached' });
    await page.close();
  });

  it('shows the 403 page to a regular user on New User', async () => {
    const c = ctx();
    const user = await regularUser(c);
    const page = await c.signedInPage('/dashboard/users/new', user);
    await page.getByText('Access Forbidden').waitFor();
    await c.screenshot(page, 'accounts-forbidden');
    await page.close();
  });

  it('tells a user their current password is wrong, and sends an e-mail change link', async () => {
    const c = ctx();
    const user = await regularUser(c);
    const page = await c.signedInPage(`/dashboard/users/${user.username}`, user);
    await page.getByRole('heading', { name: 'EDIT USER' }).waitFor();
    await page.getByRole('button', { name: 'Change password' }).click();
    const passwordForm = page.getByRole('form', { name: 'Change password' });
    await passwordForm.getByLabel('Current password').fill('Wrong!pass9');
    await passwordForm.getByLabel('New password', { exact: true }).fill('Other!pass2');
    await passwordForm.getByLabel('Repeat new password').fill('Other!pass2');
    await passwordForm.getByRole('button', { name: 'Save' }).click();
    await passwordForm.getByTestId('change-password-error').waitFor();
    expect(await passwordForm.getByTestId('change-password-error').innerText()).toContain(
      'Current password is wrong',
    );
    await c.screenshot(page, 'accounts-change-password-error');

    const newEmail = `changed-${run}@example.com`;
    await page.getByRole('button', { name: 'Change email' }).click();
    const emailForm = page.getByRole('form', { name: 'Change email' });
    await emailForm.getByLabel('New email').fill(newEmail);
    await emailForm.getByLabel('Current password').fill(user.password);
    await emailForm.getByRole('button', { name: 'Save' }).click();
    await emailForm
      .getByText(
        'Your change email request was successful. Please check your email for further instructions.',
      )
      .waitFor();
    await c.screenshot(page, 'accounts-edit-user-self');

    await page.goto(`${c.url}${linkPath((await c.nextMail(newEmail)).text, 'change_email_request')}`);
    await page.getByText('Your e-mail has been successfully updated.').waitFor();
    await c.screenshot(page, 'accounts-email-confirmed');
    const profile = await c.api<{ email: string }>('GET', `user/${user.username}`);
    expect(profile.body.email).toBe(newEmail);
    await page.close();
  });

  it('recovers a password through the mailed link', async () => {
    const c = ctx();
    const user = await regularUser(c);
    const page = await newPage(c);
    await page.goto(`${c.url}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Password Recovery' }).waitFor();
    await page.getByLabel('Username or email').fill(`  ${user.username}  `);
    await page.getByRole('button', { name: 'Recover Password' }).click();
    await page.getByText(/an email was sent to its address/).waitFor();
    await c.screenshot(page, 'accounts-recovery');

    // The e-mail test before may have changed the address: the mail goes to the current one.
    const current = await c.api<{ email: string }>('GET', `user/${user.username}`);
    const mail = await c.nextMail(current.body.email);
    await page.goto(`${c.url}${linkPath(mail.text, 'change_password')}`);
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    await c.screenshot(page, 'accounts-change-password');
    const renewed = 'Renew3d!pass';
    await setPassword(page, renewed);
    await c.signIn(page, { username: user.username, password: renewed });
    expect(new URL(page.url()).pathname.startsWith('/dashboard')).toBe(true);
    await page.close();
  });

  it('shows the invalid-token message for an unknown link', async () => {
    const c = ctx();
    const page = await newPage(c);
    await page.goto(`${c.url}/change_password/not-a-token`);
    await setPasswordExpectingError(page);
    await c.screenshot(page, 'accounts-invalid-token');
    await page.close();
  });

  async function setPasswordExpectingError(page: Page): Promise<void> {
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('set-password-error').waitFor();
    expect(await page.getByTestId('set-password-error').innerText()).toContain(
      'We are sorry, the token is invalid. Please contact support.',
    );
  }
});

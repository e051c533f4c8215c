import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { ADMIN, PENDING, REGULAR, refusal, signInAs, usersBackend } from '../testing/users-backend';

const listResponse = (users: unknown[], totalItems = users.length, totalPages = 1) =>
  new Response(JSON.stringify({ users }), {
    status: 200,
    headers: {
      'Content-Type': 'application/json',
      'total-items': String(totalItems),
      'total-pages': String(totalPages),
    },
  });

const rowOf = (username: string) =>
  waitFor(() => {
    const row = screen
      .queryAllByTestId('user-row')
      .find((element) => element.getAttribute('data-username') === username);
    if (!row) throw new Error(`no row for ${username}`);
    return row;
  });

describe('user list', () => {
  it('shows the users with role names and the admin actions', async () => {
    signInAs(ADMIN);
    const app = renderApp(
      '/dashboard/users',
      usersBackend(ADMIN, { 'GET user': () => listResponse([ADMIN, REGULAR, PENDING], 120, 3) }),
    );

    expect(await screen.findByRole('heading', { name: 'USER LIST' })).toBeInTheDocument();
    const table = await screen.findByTestId('users-table');
    for (const header of ['USER NAME', 'FULL NAME', 'ROLES', 'ACTIONS'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();

    const admin = await rowOf('admin');
    expect(admin).toHaveTextContent('Ada Admin');
    await waitFor(() => expect(admin).toHaveTextContent('Admin User'));
    expect(within(admin).getByRole('link', { name: 'View admin' })).toHaveAttribute(
      'href',
      '/dashboard/profile/admin',
    );
    expect(within(admin).getByRole('link', { name: 'Edit admin' })).toHaveAttribute(
      'href',
      '/dashboard/users/admin',
    );
    // Nobody removes themselves; active users need no activation mail.
    expect(within(admin).queryByRole('button', { name: 'Remove admin' })).toBeNull();
    expect(within(admin).queryByRole('button', { name: /Resend activation/ })).toBeNull();

    const bob = await rowOf('bob');
    expect(bob).toHaveTextContent('Regular User');
    expect(within(bob).getByRole('button', { name: 'Remove bob' })).toBeInTheDocument();
    expect(within(bob).queryByRole('button', { name: /Resend activation/ })).toBeNull();
    const carol = await rowOf('carol');
    expect(within(carol).getByRole('button', { name: 'Resend activation to carol' })).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'NEW USER' })).toHaveAttribute('href', '/dashboard/users/new');
    expect(screen.getByText('1–50 of 120')).toBeInTheDocument();
    const request = app.requests.find((entry) => entry.path === 'user');
    expect(request?.query.get('page')).toBe('1');
    expect(request?.query.get('size')).toBe('50');
  });

  it('asks for the next page (1-based) when paging', async () => {
    signInAs(ADMIN);
    const app = renderApp(
      '/dashboard/users',
      usersBackend(ADMIN, { 'GET user': () => listResponse([ADMIN, REGULAR], 120, 3) }),
    );
    await screen.findByTestId('users-table');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(
        app.requests
          .filter((entry) => entry.path === 'user')
          .at(-1)
          ?.query.get('page'),
      ).toBe('2'),
    );
  });

  it('shows a regular user only viewing, without NEW USER', async () => {
    signInAs(REGULAR);
    renderApp(
      '/dashboard/users',
      usersBackend(REGULAR, { 'GET user': () => jsonResponse({ users: [REGULAR] }) }),
    );
    const bob = await rowOf('bob');
    expect(within(bob).getByRole('link', { name: 'View bob' })).toBeInTheDocument();
    expect(within(bob).queryByRole('link', { name: 'Edit bob' })).toBeNull();
    expect(within(bob).queryByRole('button', { name: 'Remove bob' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'NEW USER' })).toBeNull();
  });

  it('shows the failure box when the list cannot be read', async () => {
    signInAs(ADMIN);
    renderApp('/dashboard/users', usersBackend(ADMIN, { 'GET user': refusal('Internal error', 500) }));
    const box = await screen.findByTestId('error-box');
    expect(box).toHaveTextContent('Oops!');
    expect(box).toHaveTextContent('Something went wrong. Try again later.');
  });

  it('removes a user after confirmation and reads the list again', async () => {
    signInAs(ADMIN);
    let users = [ADMIN, REGULAR];
    const app = renderApp(
      '/dashboard/users',
      usersBackend(ADMIN, {
        'GET user': () => listResponse(users),
        'DELETE user/bob': () => {
          users = [ADMIN];
          return jsonResponse({ message: 'User bob was deleted successfully.' });
        },
      }),
    );
    const user = userEvent.setup();
    await user.click(within(await rowOf('bob')).getByRole('button', { name: 'Remove bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove user' });
    expect(app.requests.some((entry) => entry.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(screen.queryAllByTestId('user-row')).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Remove user' })).toBeNull();
  });

  it('keeps the dialog open with the failure text when the removal is refused', async () => {
    signInAs(ADMIN);
    renderApp(
      '/dashboard/users',
      usersBackend(ADMIN, {
        'GET user': () => listResponse([ADMIN, REGULAR]),
        'DELETE user/bob': refusal('forbidden access', 403),
      }),
    );
    const user = userEvent.setup();
    await user.click(within(await rowOf('bob')).getByRole('button', { name: 'Remove bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove user' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await within(dialog).findByText('An error has occurred while trying to remove the user.'),
    ).toBeInTheDocument();
  });

  it('resends the activation mail to an inactive user', async () => {
    signInAs(ADMIN);
    const app = renderApp(
      '/dashboard/users',
      usersBackend(ADMIN, {
        'GET user': () => listResponse([ADMIN, PENDING]),
        'PUT resend_activation': () => jsonResponse({ message: 'Activation E-mail Resent Successfully' }),
      }),
    );
    const user = userEvent.setup();
    await user.click(
      within(await rowOf('carol')).getByRole('button', { name: 'Resend activation to carol' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Resend activation' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Activation email was successfully sent.')).toBeInTheDocument();
    expect(app.requests.find((entry) => entry.path === 'resend_activation')?.body).toEqual({
      email: 'carol@example.com',
    });
  });

  it('tells when the activation mail could not be sent', async () => {
    signInAs(ADMIN);
    renderApp(
      '/dashboard/users',
      usersBackend(ADMIN, {
        'GET user': () => listResponse([ADMIN, PENDING]),
        'PUT resend_activation': refusal('Something went wrong trying to resend activation'),
      }),
    );
    const user = userEvent.setup();
    await user.click(
      within(await rowOf('carol')).getByRole('button', { name: 'Resend activation to carol' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Resend activation' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await within(dialog).findByText('An error has occurred while trying to send the activation email.'),
    ).toBeInTheDocument();
  });

  it('reads the list again when the users read model changes', async () => {
    signInAs(ADMIN);
    let users = [ADMIN];
    const app = renderApp('/dashboard/users', usersBackend(ADMIN, { 'GET user': () => listResponse(users) }));
    await rowOf('admin');
    users = [ADMIN, REGULAR];
    const socket = app.sockets[0];
    socket.connect();
    socket.serverEmit('projection_updated', { projection: 'alerts', collections: ['alerts'] });
    socket.serverEmit('projection_updated', { projection: 'accounts', collections: ['users'] });
    expect(await rowOf('bob')).toBeInTheDocument();
    expect(app.requests.filter((entry) => entry.path === 'user')).toHaveLength(2);
  });
});

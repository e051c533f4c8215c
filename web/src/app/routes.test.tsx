import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type FakeRoute } from '../test/fake-fetch';
import { renderApp } from '../test/render-app';
import { makeAccessToken, storeSession } from '../test/tokens';

const quietBackend: Record<string, FakeRoute> = {
  'GET alerts': () => jsonResponse([]),
  'GET alerts/count': () => jsonResponse({ count: 0 }),
  'GET alert_types': () => jsonResponse([]),
  'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme Water' }),
};

/** Waits for the user area to load the organization name, so no update lands after the test. */
const shellSettled = () => screen.findByText('Acme Water');

describe('routes and shell', () => {
  it('sends /dashboard/* to /login without a stored token', async () => {
    const app = renderApp('/dashboard/alerts_review');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(screen.getByLabelText('Username or email')).toBeInTheDocument();
    expect(app.requests).toHaveLength(0);
  });

  it('opens the alerts review at its route', async () => {
    storeSession();
    renderApp('/dashboard/alerts_review', quietBackend);
    expect(await screen.findByRole('heading', { name: 'ALERTS' })).toBeInTheDocument();
  });

  it('shows Not found for unknown public paths', () => {
    renderApp('/nowhere');
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });

  it('shows Not found inside the shell for unknown dashboard paths', async () => {
    storeSession();
    renderApp('/dashboard/nowhere', quietBackend);
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await shellSettled();
  });

  it('lists the menu, with Users only for administrators', async () => {
    storeSession({ roles: [1] });
    renderApp('/dashboard/inventory', quietBackend);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'Current Issues',
      'Alerts',
      'Inventory',
      'Network Overview',
      'Events Manager',
      'Events Log',
      'Policies',
      'Data Sources',
    ]);
    expect(within(nav).getByRole('link', { name: 'Inventory' })).toHaveAttribute('aria-current', 'page');
    await shellSettled();
  });

  it('shows Users and admin-only screens to administrators', async () => {
    storeSession({ roles: [1, 2] });
    renderApp('/dashboard/users/new', quietBackend);
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/dashboard/users');
    expect(screen.getByRole('heading', { name: 'NEW USER' })).toBeInTheDocument();
    await shellSettled();
  });

  it('shows Access Forbidden to a regular user on an admin-only screen', async () => {
    storeSession({ roles: [1] });
    renderApp('/dashboard/users/new', quietBackend);
    expect(screen.getByRole('heading', { name: 'Access Forbidden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'GO BACK' })).toHaveAttribute('href', '/dashboard');
    await shellSettled();
  });

  it('shows organization and username, and signs out: session cleared, socket closed, back to /login', async () => {
    const user = userEvent.setup();
    storeSession({ username: 'alice' });
    const app = renderApp('/dashboard/alerts_review', quietBackend);
    expect(await screen.findByText('Acme Water')).toBeInTheDocument();
    expect(screen.getByTestId('username')).toHaveTextContent('alice');
    expect(app.sockets).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'User menu for alice' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit Profile' })).toHaveAttribute(
      'href',
      '/dashboard/users/alice',
    );
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('refresh_token')).toBeNull();
    expect(app.sockets[0].disconnected).toBe(true);
  });

  it('after the guard turned the user away, signing in returns to that page', async () => {
    const user = userEvent.setup();
    const app = renderApp('/dashboard/inventory', {
      ...quietBackend,
      'POST login': () =>
        jsonResponse({ message: 'Logged in as alice', access_token: makeAccessToken(), refresh_token: 'r' }),
    });
    await user.type(await screen.findByLabelText('Username or email'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/dashboard/inventory'));
    await shellSettled();
  });

  it('ends the session on any 401 and goes to /login', async () => {
    storeSession();
    const app = renderApp('/dashboard/alerts_review', {
      ...quietBackend,
      'GET alerts': () => jsonResponse({ msg: 'Token has been revoked' }, 401),
    });
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

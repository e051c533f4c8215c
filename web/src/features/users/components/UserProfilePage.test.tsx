import { screen } from '@testing-library/react';
import { jsonResponse } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { ADMIN, REGULAR, refusal, signInAs, usersBackend } from '../testing/users-backend';

describe('user profile page', () => {
  it('shows the details read-only with EDIT USER and Back', async () => {
    signInAs(ADMIN);
    renderApp('/dashboard/profile/bob', usersBackend(ADMIN, { 'GET user/bob': () => jsonResponse(REGULAR) }));
    expect(await screen.findByRole('heading', { name: 'USER PROFILE' })).toBeInTheDocument();
    expect(await screen.findByTestId('profile-username')).toHaveTextContent('bob');
    expect(screen.getByTestId('profile-type')).toHaveTextContent('Regular user');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('bob@example.com');
    expect(screen.getByTestId('profile-full-name')).toHaveTextContent('Bob Regular');
    expect(screen.getByTestId('profile-phone')).toHaveTextContent('+598-99123456');
    expect(screen.getByTestId('profile-organization')).toHaveTextContent('Acme');
    expect(await screen.findByText('Regular User')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'EDIT USER' })).toHaveAttribute('href', '/dashboard/users/bob');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/dashboard/users');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows the 403 page when the server refuses the profile', async () => {
    signInAs(REGULAR);
    renderApp(
      '/dashboard/profile/admin',
      usersBackend(REGULAR, { 'GET user/admin': refusal('forbidden access', 403) }),
    );
    expect(await screen.findByText('Access Forbidden')).toBeInTheDocument();
  });

  it('shows the failure box when the profile cannot be read', async () => {
    signInAs(REGULAR);
    renderApp(
      '/dashboard/profile/bob',
      usersBackend(REGULAR, { 'GET user/bob': refusal('Internal error', 500) }),
    );
    expect(await screen.findByTestId('error-box')).toHaveTextContent(
      'Something went wrong. Try again later.',
    );
  });
});

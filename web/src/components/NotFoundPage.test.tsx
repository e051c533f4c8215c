import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../test/fake-fetch';
import { renderApp } from '../test/render-app';
import { storeSession } from '../test/tokens';

describe('404 page', () => {
  it('leads a visitor without a session to sign in', async () => {
    const app = renderApp('/nowhere');
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'GO TO SIGN IN' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
  });

  it('leads a signed-in user to the dashboard', async () => {
    storeSession();
    renderApp('/nowhere', {
      'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme' }),
    });
    expect(screen.getByRole('link', { name: 'GO TO DASHBOARD' })).toHaveAttribute('href', '/dashboard');
  });
});

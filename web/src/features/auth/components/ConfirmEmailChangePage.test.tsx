import { screen } from '@testing-library/react';
import { jsonResponse } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

describe('e-mail change confirmation page', () => {
  it('confirms the token once and says the e-mail was updated', async () => {
    const app = renderApp('/change_email_request/good-token', {
      'PUT change_email/good-token': () => jsonResponse({ message: 'E-mail Changed Successfully' }),
    });
    expect(await screen.findByText('Your e-mail has been successfully updated.')).toBeInTheDocument();
    expect(app.requests.filter((entry) => entry.path === 'change_email/good-token')).toHaveLength(1);
  });

  it('says the e-mail could not be updated when the token is refused', async () => {
    renderApp('/change_email_request/bad-token', {
      'PUT change_email/bad-token': () => jsonResponse({ error: 'Invalid token' }, 400),
    });
    expect(await screen.findByText('We are sorry. Your e-mail could not be updated.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../../app/AppProviders';
import { createServices } from '../../../lib/services';
import { createFakeFetch, jsonResponse } from '../../../test/fake-fetch';
import { FakeSocket } from '../../../test/fake-socket';
import { renderApp } from '../../../test/render-app';
import { CAPTCHA_PLACEHOLDER_TOKEN } from './CaptchaField';
import { RecoveryPage } from './RecoveryPage';

const recoverButton = () => screen.getByRole('button', { name: 'Recover Password' });

describe('password recovery page', () => {
  it('is enabled only with a non-blank value, and sends it trimmed with the captcha token', async () => {
    const user = userEvent.setup();
    const app = renderApp('/recovery', { 'PUT password_recovery': () => jsonResponse(null) });
    expect(recoverButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Username or email'), '   ');
    expect(recoverButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Username or email'), 'jdoe  ');
    expect(recoverButton()).toBeEnabled();
    await user.click(recoverButton());

    expect(
      await screen.findByText(
        'If the account exists, an email was sent to its address with a link to choose a new password.',
      ),
    ).toBeInTheDocument();
    const request = app.requests.find((entry) => entry.path === 'password_recovery');
    expect(request?.method).toBe('PUT');
    expect(request?.body).toEqual({ email: 'jdoe', recaptcha_token: CAPTCHA_PLACEHOLDER_TOKEN });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('shows a failure text when the request is refused', async () => {
    const user = userEvent.setup();
    renderApp('/recovery', {
      'PUT password_recovery': () => jsonResponse({ message: 'Internal error' }, 500),
    });
    await user.type(screen.getByLabelText('Username or email'), 'jdoe');
    await user.click(recoverButton());
    expect(
      await screen.findByText('An error has occurred while trying to recover your password.'),
    ).toBeInTheDocument();
    expect(recoverButton()).toBeEnabled();
  });

  it('stays disabled without a captcha token (site key configured, widget not solved)', async () => {
    const user = userEvent.setup();
    render(
      <AppProviders
        services={createServices({ fetch: createFakeFetch({}).fetch, createSocket: () => new FakeSocket() })}
        env="test"
      >
        <MemoryRouter>
          <RecoveryPage siteKey="site-key" />
        </MemoryRouter>
      </AppProviders>,
    );
    await user.type(screen.getByLabelText('Username or email'), 'jdoe');
    expect(recoverButton()).toBeDisabled();
  });
});

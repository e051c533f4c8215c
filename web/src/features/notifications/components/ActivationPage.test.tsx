import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

function follow(path: string, route: FakeRoute) {
  const key = path.includes('email')
    ? 'PUT notifications/email_activation/abc'
    : 'PUT notifications/phone_activation/abc';
  return renderApp(path, { [key]: route });
}

describe('destination activation links', () => {
  it('confirms an email', async () => {
    const app = follow('/notifications/email_activation/abc', () =>
      jsonResponse({ email: 'night@example.com' }),
    );
    expect(await screen.findByTestId('activation-result')).toHaveTextContent(
      'The email night@example.com has been activated successfully',
    );
    expect(app.requests[0].headers.Authorization).toBeUndefined();
  });

  it('says a spent or unknown token does not exist or has expired', async () => {
    follow('/notifications/email_activation/abc', () => jsonResponse({ code: 'DISABLED_TOKEN' }));
    expect(await screen.findByTestId('activation-result')).toHaveTextContent(
      "This token doesn't exist or has expired",
    );
  });

  it('treats an unknown token like an expired one', async () => {
    follow('/notifications/phone_activation/abc', () => jsonResponse(null, 404));
    expect(await screen.findByTestId('activation-result')).toHaveTextContent(
      "This token doesn't exist or has expired",
    );
  });

  it('says an email or phone was activated previously', async () => {
    follow('/notifications/email_activation/abc', () => jsonResponse({ code: 'EMAIL_ALREADY_ACTIVE' }, 400));
    expect(await screen.findByTestId('activation-result')).toHaveTextContent(
      'That email was activated previously',
    );
  });

  it('confirms a phone', async () => {
    follow('/notifications/phone_activation/abc', () => jsonResponse({ code: 'PHONE_ALREADY_ACTIVE' }, 400));
    expect(await screen.findByTestId('activation-result')).toHaveTextContent(
      'That phone was activated previously',
    );
  });
});

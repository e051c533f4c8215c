import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, type FakeRoute } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';
import { storeSession } from '../../test/tokens';

const quietBackend: Record<string, FakeRoute> = {
  'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme Water' }),
  'GET alerts': () => jsonResponse([]),
  'GET alerts/count': () => jsonResponse({ count: 0 }),
  'GET alert_types': () => jsonResponse([]),
};

const narrowMatchMedia = window.matchMedia;

describe('sidebar', () => {
  beforeEach(() => {
    // A wide screen: the sidebar sits beside the page (below the breakpoint it is a drawer).
    window.matchMedia = (query: string) => ({
      ...narrowMatchMedia(query),
      matches: query.includes('min-width'),
    });
    window.localStorage.removeItem('lorawatch-sidebar-expanded');
  });
  afterEach(() => {
    window.matchMedia = narrowMatchMedia;
  });

  it('collapses to a rail of icons that keeps every entry reachable, and expands again', async () => {
    const user = userEvent.setup();
    storeSession({ roles: [1] });
    renderApp('/dashboard/inventory', quietBackend);
    await screen.findByText('Acme Water');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Inventory' })).toHaveTextContent('Inventory');

    await user.click(screen.getByRole('button', { name: 'Collapse navigation' }));
    const rail = screen.getByRole('navigation', { name: 'Main' });
    const inventory = within(rail).getByRole('link', { name: 'Inventory' });
    // Still there and current, its name now on the link and in a tooltip instead of in text.
    expect(inventory).toHaveAttribute('aria-current', 'page');
    expect(inventory).not.toHaveTextContent('Inventory');
    expect(within(rail).getAllByRole('link')).toHaveLength(9);
    expect(window.localStorage.getItem('lorawatch-sidebar-expanded')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'Expand navigation' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Inventory' }),
      ).toHaveTextContent('Inventory'),
    );
  });

  it('links to the events log', async () => {
    const user = userEvent.setup();
    storeSession({ roles: [1] });
    const app = renderApp('/dashboard/inventory', quietBackend);
    await screen.findByText('Acme Water');
    await user.click(screen.getByRole('link', { name: 'Events Log' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/dashboard/events_log'));
  });
});

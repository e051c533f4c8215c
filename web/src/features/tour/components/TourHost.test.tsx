import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { jsonResponse, type FakeRoute } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { storeSession } from '../../../test/tokens';
import { tourTiming } from '../streams/target-finder';
import { TOUR_STEPS } from '../tour-steps';
import { START_TOUR_EVENT } from '../../../lib/tour-events';

const EXPECTED_TITLES = [
  'Welcome',
  'Menu',
  'Policies',
  'Data Sources',
  'Events Manager',
  'Sources',
  'Triggers',
  'Action',
  'Save',
  'Network Overview',
  'Inventory',
  'Alerts',
  'Current Issues',
  'Dashboard',
  'Tour finished',
];

function backend(firstLogin: boolean, overrides: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    'GET user_token': () =>
      jsonResponse({
        username: 'alice',
        organization_name: 'Acme',
        user_roles: [1],
        first_login: firstLogin,
      }),
    'PUT user/alice': () => jsonResponse({ username: 'alice', first_login: false }),
    'GET data_collectors': () => jsonResponse({ data_collectors: [] }),
    'GET alerts': () => jsonResponse([]),
    ...overrides,
  };
}

// The first login goes user_token → PUT user → start: slower than findBy's default second in jsdom.
const tooltip = () => screen.findByTestId('tour-tooltip', {}, { timeout: 5_000 });
const stepTitle = async () => within(await tooltip()).getByRole('heading').textContent;

describe('Guided tour', () => {
  beforeAll(() => {
    // jsdom lays nothing out: no anchor is ever visible, so do not wait for them.
    tourTiming.targetWaitMs = 0;
  });

  it('has the spec steps in order', () => {
    expect(TOUR_STEPS.map((step) => step.title)).toEqual(EXPECTED_TITLES);
    expect([...new Set(TOUR_STEPS.map((step) => step.route))]).toEqual([
      '/dashboard',
      '/dashboard/policies',
      '/dashboard/data_collectors',
      '/dashboard/events_manager',
      '/dashboard/resources_usage',
      '/dashboard/inventory',
      '/dashboard/alerts_review',
      '/dashboard/current_issues',
    ]);
  });

  it('starts by itself on the first login, after clearing first_login', async () => {
    storeSession();
    const app = renderApp('/dashboard', backend(true));
    expect(await stepTitle()).toBe('Welcome');
    const put = app.requests.find((request) => request.method === 'PUT');
    expect(put).toMatchObject({ path: 'user/alice', body: { first_login: false } });
    expect(within(await tooltip()).getByText('1 of 15')).toBeInTheDocument();
  });

  it('still starts when clearing first_login fails', async () => {
    storeSession();
    renderApp('/dashboard', backend(true, { 'PUT user/alice': () => jsonResponse({ error: 'boom' }, 500) }));
    expect(await stepTitle()).toBe('Welcome');
  });

  it('does not start by itself for a returning user', async () => {
    storeSession();
    const returning = renderApp('/dashboard', backend(false));
    await screen.findByRole('heading', { name: 'DASHBOARD' });
    await waitFor(() =>
      expect(returning.requests.some((request) => request.path === 'user_token')).toBe(true),
    );
    expect(screen.queryByTestId('tour-tooltip')).not.toBeInTheDocument();
    expect(returning.requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it('waits for the dashboard before starting on a first login elsewhere', async () => {
    storeSession();
    const app = renderApp('/dashboard/inventory', backend(true));
    await waitFor(() => expect(app.requests.some((request) => request.path === 'user_token')).toBe(true));
    expect(screen.queryByTestId('tour-tooltip')).not.toBeInTheDocument();
    expect(app.requests.some((request) => request.method === 'PUT')).toBe(false);

    await act(() => app.router.navigate('/dashboard'));
    expect(await stepTitle()).toBe('Welcome');
    expect(app.requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });

  it('walks through every screen from Welcome to Tour finished', async () => {
    storeSession();
    const app = renderApp('/dashboard', backend(false));
    await screen.findByRole('heading', { name: 'DASHBOARD' });
    window.dispatchEvent(new CustomEvent(START_TOUR_EVENT));
    const user = userEvent.setup();
    const seen: Array<{ title: string | null; path: string }> = [];
    for (let index = 0; index < EXPECTED_TITLES.length; index++) {
      await waitFor(async () => expect(await stepTitle()).toBe(EXPECTED_TITLES[index]));
      seen.push({ title: await stepTitle(), path: app.router.state.location.pathname });
      const isLast = index === EXPECTED_TITLES.length - 1;
      await user.click(within(await tooltip()).getByRole('button', { name: isLast ? 'Finish' : 'Next' }));
    }
    expect(seen.map((step) => step.path)).toEqual(TOUR_STEPS.map((step) => step.route));
    await waitFor(() => expect(screen.queryByTestId('tour-tooltip')).not.toBeInTheDocument());
    expect(app.router.state.location.pathname).toBe('/dashboard');
  }, 60_000);

  it('draws a step centred when its anchor is gone by the time Joyride draws it', async () => {
    // The menu counts as laid out for the tour's own search, then hides, as a screen re-rendering it would.
    const rects = vi.spyOn(Element.prototype, 'getClientRects');
    const box = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    const isMenu = (element: Element) => element.matches('[data-tour="menu"]');
    const shown = new DOMRect(0, 0, 200, 40);
    rects.mockImplementation(function (this: Element) {
      if (!isMenu(this)) return [] as unknown as DOMRectList;
      setTimeout(() => ((this as HTMLElement).style.display = 'none'), 0);
      return [shown] as unknown as DOMRectList;
    });
    box.mockImplementation(function (this: Element) {
      return isMenu(this) ? shown : new DOMRect(0, 0, 0, 0);
    });
    try {
      storeSession();
      renderApp('/dashboard', backend(false));
      await screen.findByRole('heading', { name: 'DASHBOARD' });
      window.dispatchEvent(new CustomEvent(START_TOUR_EVENT));
      const user = userEvent.setup();
      expect(await stepTitle()).toBe('Welcome');
      await user.click(within(await tooltip()).getByRole('button', { name: 'Next' }));
      await waitFor(async () => expect(await stepTitle()).toBe('Menu'), { timeout: 5_000 });
      await user.click(within(await tooltip()).getByRole('button', { name: 'Next' }));
      await waitFor(async () => expect(await stepTitle()).toBe('Policies'));
    } finally {
      rects.mockRestore();
      box.mockRestore();
    }
  });

  it('goes back a step with Back and leaves with Skip tour', async () => {
    storeSession();
    const app = renderApp('/dashboard', backend(false));
    await screen.findByRole('heading', { name: 'DASHBOARD' });
    window.dispatchEvent(new CustomEvent(START_TOUR_EVENT));
    const user = userEvent.setup();
    expect(await stepTitle()).toBe('Welcome');
    expect(within(await tooltip()).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.click(within(await tooltip()).getByRole('button', { name: 'Next' }));
    await waitFor(async () => expect(await stepTitle()).toBe('Menu'));
    await user.click(within(await tooltip()).getByRole('button', { name: 'Next' }));
    await waitFor(async () => expect(await stepTitle()).toBe('Policies'));
    expect(app.router.state.location.pathname).toBe('/dashboard/policies');
    await user.click(within(await tooltip()).getByRole('button', { name: 'Back' }));
    await waitFor(async () => expect(await stepTitle()).toBe('Menu'));
    expect(app.router.state.location.pathname).toBe('/dashboard');

    await user.click(within(await tooltip()).getByRole('button', { name: 'Skip tour' }));
    await waitFor(() => expect(screen.queryByTestId('tour-tooltip')).not.toBeInTheDocument());

    // It can be started again afterwards, from the beginning.
    window.dispatchEvent(new CustomEvent(START_TOUR_EVENT));
    expect(await stepTitle()).toBe('Welcome');
  });
});

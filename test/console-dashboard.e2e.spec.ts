/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Some steps run inside the page (Playwright evaluate), where the DOM types apply.
import type { Page } from 'playwright-core';
import {
  describeConsole,
  useConsole,
  type ConsoleContext,
  type ConsoleUser,
} from './support/console-browser';

/** The dashboard and the guided tour, against the shared server and its demo network. */
describeConsole('console dashboard and tour', () => {
  const ctx = useConsole();

  beforeAll(async () => {
    const c = ctx();
    // The administrator starts with first_login set; clear it so the tour only runs where a test asks for it.
    await c.api('PUT', 'user/operator', { first_login: false });
  });

  const TOUR_ROUTES = [
    '/dashboard',
    '/dashboard/policies',
    '/dashboard/data_collectors',
    '/dashboard/events_manager',
    '/dashboard/resources_usage',
    '/dashboard/inventory',
    '/dashboard/alerts_review',
    '/dashboard/current_issues',
    '/dashboard',
  ];

  const CHARTS = ['issues', 'alerts', 'devices', 'messages'] as const;

  const barsOf = (page: Page, chart: string) =>
    page.getByTestId(`chart-${chart}`).evaluate((element) => Number(element.getAttribute('data-bars')));

  /** Parses the K/M figures back to a rough number (enough to tell zero from some). */
  const figureOf = async (page: Page, chart: string) => {
    const text = (await page.getByTestId(`chart-${chart}-total`).innerText()).trim();
    const scale = text.endsWith('M') ? 1_000_000 : text.endsWith('K') ? 1_000 : 1;
    return parseFloat(text) * scale;
  };

  async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Clicks Next through the tour, returning each step's title and the path it was shown on. */
  async function walkTour(page: Page, c: ConsoleContext) {
    const steps: Array<{ title: string; path: string }> = [];
    for (let index = 0; index < 30; index++) {
      const tooltip = page.getByTestId('tour-tooltip');
      await tooltip.waitFor({ timeout: 10_000 });
      const title = (await tooltip.getByRole('heading').innerText()).trim();
      steps.push({ title, path: new URL(page.url()).pathname });
      if (title === 'Welcome') await c.screenshot(page, 'dashboard-tour-welcome');
      if (title === 'Events Manager') await c.screenshot(page, 'dashboard-tour-events-manager');
      if (title === 'Tour finished') {
        await c.screenshot(page, 'dashboard-tour-finished');
        await tooltip.getByRole('button', { name: 'Finish' }).click();
        await tooltip.waitFor({ state: 'detached' });
        break;
      }
      await tooltip.getByRole('button', { name: 'Next' }).click();
      // The next step is shown once its screen is up; wait for the title to change.
      await page
        .waitForFunction(
          (previous) => {
            const heading = document.querySelector('[data-testid="tour-tooltip"] h2');
            return heading !== null && heading.textContent !== previous;
          },
          title,
          { timeout: 20_000 },
        )
        .catch(async (error: unknown) => {
          await c.screenshot(page, 'dashboard-tour-stuck');
          throw new Error(`The tour did not go on from "${title}" on ${page.url()}: ${String(error)}`);
        });
    }
    return steps;
  }

  it('shows the demo network: connected source, four charts with data, latest alerts, ranges', async () => {
    const c = ctx();
    const page = await c.signedInPage('/dashboard');
    await page.getByRole('heading', { name: 'DASHBOARD' }).waitFor();

    const sources = await c.api<{ data_collectors: Array<{ status: string }> }>('GET', 'data_collectors');
    const total = sources.body.data_collectors.length;
    const active = sources.body.data_collectors.filter((source) => source.status === 'CONNECTED').length;
    const badge = page.getByTestId('data-source-badge');
    await waitUntil(async () => (await badge.innerText()).trim() === `${active}/${total}`, 15_000, 'badge');
    // Only the demo network unless another test file left a data source behind.
    if (total === 1) expect((await badge.innerText()).trim()).toBe('1/1');
    expect(await badge.getAttribute('data-state')).toBe(active === total ? 'all-active' : 'not-all-active');

    // The demo network produces traffic and alerts within seconds; the dashboard follows them live.
    await waitUntil(
      async () =>
        (await page.getByTestId('chart-messages-total').count()) > 0 &&
        (await figureOf(page, 'messages')) > 0 &&
        (await figureOf(page, 'alerts')) > 0 &&
        (await figureOf(page, 'devices')) > 0,
      90_000,
      'no messages, alerts and devices on the charts',
    );
    for (const chart of CHARTS) expect(await barsOf(page, chart)).toBe(26);
    // The bars drawn: one per hour for the messages chart, and some of them tall.
    const drawn = await page
      .getByTestId('chart-messages')
      .locator('svg rect')
      .evaluateAll((rects) => rects.filter((rect) => Number(rect.getAttribute('height')) > 0).length);
    expect(drawn).toBeGreaterThan(0);

    await waitUntil(
      async () => (await page.getByTestId('latest-alert-row').count()) > 0,
      60_000,
      'no alert rows',
    );
    const headers = await page
      .getByRole('table', { name: 'LATEST ALERTS' })
      .getByRole('columnheader')
      .allInnerTexts();
    expect(headers.map((header) => header.replace(/\s+/g, ' ').trim())).toEqual([
      'RISK',
      'DESCRIPTION',
      'DATE',
      'DevEUI/ADDRESS',
      'DEVICE NAME',
      'IMPORTANCE',
      'GATEWAY',
      'DATA SOURCE',
    ]);
    expect(await page.getByTestId('latest-alert-row').count()).toBeLessThanOrEqual(50);
    await c.screenshot(page, 'dashboard-dashboard');

    await page.getByRole('button', { name: 'Last week' }).click();
    await waitUntil(async () => (await barsOf(page, 'alerts')) === 9, 15_000, 'week bars');
    for (const chart of CHARTS) await waitUntil(async () => (await barsOf(page, chart)) === 9, 15_000, chart);
    await c.screenshot(page, 'dashboard-week');
    await page.getByRole('button', { name: 'Last month' }).click();
    for (const chart of CHARTS)
      await waitUntil(async () => (await barsOf(page, chart)) === 33, 15_000, chart);
    await page.getByRole('button', { name: 'Last day' }).click();
    for (const chart of CHARTS)
      await waitUntil(async () => (await barsOf(page, chart)) === 26, 15_000, chart);

    // Narrow to the demo data source: the charts still have data.
    await page.getByRole('textbox', { name: 'Filter by data source' }).click();
    await page.getByRole('option', { name: 'Demo network' }).click();
    await page.keyboard.press('Escape');
    await waitUntil(
      async () => (await figureOf(page, 'messages').catch(() => 0)) > 0,
      15_000,
      'filtered data',
    );

    await page.getByTestId('latest-alert-row').first().locator('td').first().click();
    const dialog = page.getByTestId('alert-dialog');
    await dialog.getByTestId('alert-dialog-title').waitFor();
    await c.screenshot(page, 'dashboard-alert-dialog');
    await page.getByRole('link', { name: 'Go to Alerts' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/alerts_review');
    await page.close();
  }, 180_000);

  it('is usable on a phone-sized screen', async () => {
    const c = ctx();
    const page = await c.browser.newPage({ viewport: { width: 390, height: 844 } });
    await c.signIn(page);
    await page.getByRole('heading', { name: 'DASHBOARD' }).waitFor();
    await page.getByTestId('chart-alerts-total').waitFor({ timeout: 30_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await c.screenshot(page, 'dashboard-mobile');
    await page.close();
  }, 60_000);

  it('shows Oops! in a chart whose counts cannot be read', async () => {
    const c = ctx();
    const page = await c.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.route('**/api/v1.0/packets/count**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' }),
    );
    await c.signIn(page);
    const messages = page.getByTestId('chart-messages');
    await messages.getByText('Oops!').waitFor({ timeout: 15_000 });
    expect(await messages.innerText()).toContain('Something went wrong. Try again later.');
    await page.getByTestId('chart-alerts-total').waitFor({ timeout: 15_000 });
    await c.screenshot(page, 'dashboard-chart-error');
    await page.close();
  }, 60_000);

  it('runs the tour from Welcome to Tour finished through every screen', async () => {
    const c = ctx();
    const page = await c.signedInPage('/dashboard');
    await page.getByRole('button', { name: 'Start Tour' }).click();
    const steps = await walkTour(page, c);
    expect(steps.map((step) => step.title)).toEqual([
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
    ]);
    const visited = steps.map((step) => step.path).filter((path, index, all) => path !== all[index - 1]);
    expect(visited).toEqual(TOUR_ROUTES);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.close();
  }, 180_000);

  it('starts the tour by itself on the first login of a new user, once', async () => {
    const c = ctx();
    const username = `tour${Date.now().toString(36)}`;
    const email = `${username}@example.com`;
    const registered = await c.api('POST', 'register', {
      username,
      full_name: 'Tour Newcomer',
      email,
      user_roles: '1',
    });
    expect(registered.status).toBe(200);
    const mail = await c.nextMail(email);
    const token = /activation\/([^\s"'<>]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    const password = 'Tour!pass1';
    const activation = await fetch(`${c.url}/api/v1.0/create_password/${token}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password, password2: password }),
    });
    expect(activation.status).toBe(200);
    const newcomer: ConsoleUser = { username, password };

    try {
      const page = await c.browser.newPage({ viewport: { width: 1440, height: 900 } });
      await c.signIn(page, newcomer);
      const tooltip = page.getByTestId('tour-tooltip');
      await tooltip.waitFor({ timeout: 15_000 });
      expect((await tooltip.getByRole('heading').innerText()).trim()).toBe('Welcome');
      await c.screenshot(page, 'dashboard-first-login-tour');
      const user = await c.api<{ first_login: boolean }>('GET', `user/${username}`);
      expect(user.body.first_login).toBe(false);
      await tooltip.getByRole('button', { name: 'Skip tour' }).click();
      await tooltip.waitFor({ state: 'detached' });
      await page.close();

      // The next sign-in goes straight to the dashboard.
      const again = await c.browser.newPage({ viewport: { width: 1440, height: 900 } });
      await c.signIn(again, newcomer);
      await again.getByTestId('chart-alerts').waitFor();
      await again.waitForTimeout(2_000);
      expect(await again.getByTestId('tour-tooltip').count()).toBe(0);
      await again.close();
    } finally {
      await c.api('DELETE', `user/${username}`);
    }
  }, 120_000);
});

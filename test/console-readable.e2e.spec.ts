/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Some steps run inside the page (Playwright evaluate), where the DOM types apply.
import type { Page } from 'playwright-core';
import { describeConsole, useConsole } from './support/console-browser';

interface Preferences {
  destinations: Array<{ destination: string; enabled: boolean }>;
}

/** Waits until `check` holds, polling every 250 ms. */
async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Every legend label on the page that the browser draws narrower than its text, with its full text. */
function cutLegendLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="chart-legend-label"]')]
      .filter(
        (label) =>
          label.scrollWidth > label.clientWidth + 1 ||
          getComputedStyle(label).textOverflow === 'ellipsis' ||
          (label.textContent ?? '').endsWith('…'),
      )
      .map((label) => label.textContent ?? ''),
  );
}

/** Every badge in `selector` whose label is cut (drawn narrower than its text). */
function cutBadges(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    (scope) =>
      [...document.querySelectorAll<HTMLElement>(`${scope} .mantine-Badge-label`)]
        .filter((label) => label.scrollWidth > label.clientWidth + 1)
        .map((label) => label.textContent ?? ''),
    selector,
  );
}

async function expandLegends(page: Page): Promise<void> {
  for (const more of await page.getByRole('button', { name: 'show more' }).all()) await more.click();
}

async function useScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  const toggle = page.getByRole('button', { name: `Switch to ${scheme} colour scheme` });
  if (await toggle.isVisible()) await toggle.click();
  await waitUntil(
    async () =>
      (await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))) ===
      scheme,
    5_000,
    `the ${scheme} colour scheme`,
  );
}

/** Readable at a glance, live without chaos, a way home from the 404: what only a browser shows. */
describeConsole('console readable at a glance', () => {
  const ctx = useConsole();

  it('shows whole legend labels on the alerts and network charts in both colour schemes', async () => {
    const c = ctx();
    const page = await c.signedInPage('/dashboard/alerts_review');
    await page.getByRole('heading', { name: 'ALERTS' }).waitFor();
    await page.getByTestId('chart-legend-label').first().waitFor({ timeout: 60_000 });
    for (const scheme of ['light', 'dark'] as const) {
      await useScheme(page, scheme);
      await expandLegends(page);
      const labels = await page.getByTestId('chart-legend-label').allInnerTexts();
      expect(labels.length).toBeGreaterThan(0);
      // The full text is there to read (and as the tooltip), never an abbreviation such as 'Devic…'.
      for (const label of await page.getByTestId('chart-legend-label').all())
        expect(await label.getAttribute('title')).toBe(await label.innerText());
      expect(await cutLegendLabels(page)).toEqual([]);
      await c.screenshot(page, `readable-alerts-legends-${scheme}`);
    }

    await page.goto(`${c.url}/dashboard/resources_usage`);
    await page.getByTestId('network-row').first().waitFor({ timeout: 60_000 });
    await page.getByTestId('chart-legend-label').first().waitFor();
    await expandLegends(page);
    expect(await cutLegendLabels(page)).toEqual([]);
    // However many vendors or gateways there are, a pie keeps at most eight slices of its own and 'Other (n)'.
    const legends = await page.getByTestId('chart-legend').all();
    for (const legend of legends) {
      const entries = await legend.getByTestId('chart-legend-label').allInnerTexts();
      expect(entries.filter((entry) => !/^Other \(\d+\)$/.test(entry)).length).toBeLessThanOrEqual(8);
    }
    await useScheme(page, 'light');
  });

  it('fits the network overview table at 1440 px with every badge showing its word', async () => {
    const c = ctx();
    const page = await c.signedInPage('/dashboard/resources_usage');
    await page.getByTestId('network-row').first().waitFor({ timeout: 60_000 });
    for (const scheme of ['light', 'dark'] as const) {
      await useScheme(page, scheme);
      const overflow = await page.getByTestId('network-table').evaluate((table) => {
        const scroller =
          table.parentElement?.closest('.mantine-Table-scrollContainer') ?? table.parentElement;
        return scroller ? scroller.scrollWidth - scroller.clientWidth : 0;
      });
      expect(overflow).toBeLessThanOrEqual(1);
      for (const column of ['SF', 'Payload', '# GW']) {
        const header = page.getByRole('columnheader', { name: column, exact: true });
        const box = await header.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x + box!.width).toBeLessThanOrEqual(1440);
      }
      expect(await cutBadges(page, '[data-testid="network-table"]')).toEqual([]);
      const types = await page.locator('[data-testid="network-row"] td:first-child').allInnerTexts();
      for (const type of types) expect(['DEVICE', 'GATEWAY', 'Device', 'Gateway']).toContain(type.trim());
      await c.screenshot(page, `readable-network-overview-${scheme}`);
    }
    await useScheme(page, 'light');
  });

  it('pauses the events log, says what waits, and applies it on resume', async () => {
    const c = ctx();
    const page = await c.signedInPage('/dashboard/events_log');
    await page.getByTestId('event-row').first().waitFor({ timeout: 60_000 });
    const status = page.getByTestId('live-hold-status');
    expect(await status.innerText()).toBe('Live');

    // The pointer over the table holds it still.
    await page.getByTestId('events-table').hover();
    expect(await status.innerText()).toContain('Held while the pointer is on the list');
    await page.mouse.move(0, 0);

    await page.getByRole('button', { name: 'Pause live events' }).click();
    const firstId = () => page.getByTestId('event-row').first().getAttribute('data-alert-id');
    const before = await firstId();
    // The demo network keeps raising alerts: wait for some to queue up behind the pause.
    await waitUntil(async () => /new waiting/.test(await status.innerText()), 120_000, 'new events waiting');
    expect(await firstId()).toBe(before);
    await c.screenshot(page, 'readable-events-log-paused');
    await page.getByRole('button', { name: 'Resume live events' }).click();
    await waitUntil(async () => (await firstId()) !== before, 5_000, 'the waiting events applied');
    expect(await status.innerText()).toBe('Live');
  });

  it('groups arrival toasts below the header, clear of the bell', async () => {
    const c = ctx();
    const original = await c.api<Preferences>('GET', 'notifications/preferences');
    const pushWasOn = original.body.destinations.some(
      (entry) => entry.destination === 'push' && entry.enabled,
    );
    const withPush = (enabled: boolean): Preferences => ({
      ...original.body,
      destinations: original.body.destinations.map((entry) =>
        entry.destination === 'push' ? { ...entry, enabled } : entry,
      ),
    });
    if (!pushWasOn)
      expect((await c.api('PUT', 'notifications/preferences', withPush(true))).status).toBe(200);
    try {
      const page = await c.signedInPage('/dashboard');
      const header = await page.locator('header').first().boundingBox();
      const bell = await page
        .getByRole('button', { name: /^Notifications/ })
        .first()
        .boundingBox();
      expect(header).not.toBeNull();
      expect(bell).not.toBeNull();
      const toasts = page.locator('.mantine-Notification-root');
      // The demo network's alerts reach the administrator as notifications.
      await toasts.first().waitFor({ timeout: 120_000 });
      let most = 0;
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        most = Math.max(most, await toasts.count());
        for (const toast of await toasts.all()) {
          const box = await toast.boundingBox();
          if (!box) continue;
          expect(box.y).toBeGreaterThanOrEqual(header!.y + header!.height);
          const overBell =
            box.x < bell!.x + bell!.width &&
            box.x + box.width > bell!.x &&
            box.y < bell!.y + bell!.height &&
            box.y + box.height > bell!.y;
          expect(overBell).toBe(false);
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      // One toast per burst of arrivals, counting them ('n new alerts'), instead of one each.
      expect(most).toBeLessThanOrEqual(1);
      await c.screenshot(page, 'readable-toasts');
    } finally {
      if (!pushWasOn) await c.api('PUT', 'notifications/preferences', withPush(false));
    }
  });

  it('offers a way home from the public 404 page', async () => {
    const c = ctx();
    const page = await c.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${c.url}/no-such-page`);
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    await page.getByRole('link', { name: 'GO TO SIGN IN' }).click();
    await page.waitForURL((target) => target.pathname === '/login');
    await page.getByLabel('Username or email').waitFor();
  });
});

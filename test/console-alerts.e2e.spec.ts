import type { Page } from 'playwright-core';
import { describeConsole, useConsole, type ConsoleContext } from './support/console-browser';

/** The Alerts review and the Events log against the demo network's real alerts. */
describeConsole('console: alerts review and events log', () => {
  const ctx = useConsole();

  /** The risk cell of an alert row: an administrator's rows start with a check box for bulk resolve. */
  const RISK_CELL = 'td:not(:has(input[type="checkbox"]))';

  const rowIds = (page: Page, testId = 'alert-row') =>
    page
      .getByTestId(testId)
      .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-alert-id'))));

  async function settled(page: Page, table = 'alerts-table') {
    await page.locator(`[data-testid="${table}"][aria-busy="false"]`).waitFor();
  }

  /** Waits until the demo has produced at least `count` unresolved alerts in the last day. */
  async function demoAlerts(c: ConsoleContext, count: number): Promise<number[]> {
    const deadline = Date.now() + 150_000;
    let found = 0;
    while (Date.now() < deadline) {
      const since = new Date(Date.now() - 86_400_000).toISOString();
      try {
        const { body } = await c.api<Array<{ id: number }>>(
          'GET',
          `alerts?resolved=false&created_at[gte]=${encodeURIComponent(since)}&page=0&size=100`,
        );
        found = body.length;
        if (body.length >= count) return body.map((alert) => alert.id);
      } catch {
        // The freshly started server may drop the very first connection; ask again.
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw new Error(`the demo produced ${found} alerts, not ${count}`);
  }

  it('filters, sorts, pages, navigates and resolves demo alerts', async () => {
    const c = ctx();
    await demoAlerts(c, 3);
    const page = await c.signedInPage('/dashboard/alerts_review');
    await settled(page);
    expect((await rowIds(page)).length).toBeGreaterThanOrEqual(3);
    await page.getByRole('button', { name: 'Last day' }).and(page.locator('[aria-pressed="true"]')).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Unresolved' }).isChecked()).toBe(true);
    expect(Number(await page.getByTestId('alerts-total').getAttribute('data-count'))).toBeGreaterThanOrEqual(
      3,
    );

    // Quick range.
    await page.getByRole('button', { name: 'Last week' }).click();
    await page
      .getByRole('button', { name: 'Last week' })
      .and(page.locator('[aria-pressed="true"]'))
      .waitFor();
    await settled(page);

    // A bubble chart legend entry filters; its chip shows; Clear removes it.
    const riskEntry = page
      .getByTestId('chart-by-risk')
      .getByRole('button', { name: /^(INFO|LOW|MEDIUM|HIGH): \d+$/ });
    await riskEntry.first().waitFor();
    const riskLabel = (await riskEntry.first().getAttribute('aria-label')) ?? '';
    const risk = riskLabel.split(': ')[0];
    await riskEntry.first().click();
    const chips = page.getByTestId('filter-chips');
    await chips.getByText(risk, { exact: true }).waitFor();
    await settled(page);
    const risks = await page
      .getByTestId('alert-row')
      .evaluateAll((rows, cell) => rows.map((row) => row.querySelector(cell)?.textContent ?? ''), RISK_CELL);
    expect(risks.length).toBeGreaterThan(0);
    expect(new Set(risks)).toEqual(new Set([risk]));
    await c.screenshot(page, 'alerts-alerts-review-filtered');
    await chips.getByRole('button', { name: 'Clear' }).click();
    await chips.waitFor({ state: 'detached' });
    await settled(page);

    // Sort: the active Date toggles to ascending, ids then grow.
    await page.getByRole('button', { name: 'Date descending' }).click();
    await page.getByRole('button', { name: 'Date ascending' }).waitFor();
    await settled(page);
    const ascending = await rowIds(page);
    expect(ascending[0]).toBeLessThan(ascending[ascending.length - 1]);
    await page.getByRole('button', { name: 'Clear sorting' }).click();
    await page.getByRole('button', { name: 'Date descending' }).waitFor();
    await settled(page);

    // Page size.
    await page.getByLabel('Items per page').selectOption('10');
    await settled(page);
    expect((await rowIds(page)).length).toBeLessThanOrEqual(10);

    // Unresolved only (Clear showed every state): the alert opened below must still be open to be resolved, and
    // another test may have resolved the oldest ones.
    await page
      .locator('label')
      .filter({ hasText: /^Unresolved$/ })
      .click();
    await page
      .getByRole('checkbox', { name: 'Unresolved' })
      .and(page.locator(':checked'))
      .waitFor({ state: 'attached' });
    await settled(page);

    // Open the first alert, move next and back. Oldest first, so the demo's live alerts (which arrive at the
    // newest end) cannot push another alert in front of it meanwhile.
    await page.getByRole('button', { name: 'Date descending' }).click();
    await page.getByRole('button', { name: 'Date ascending' }).waitFor();
    await settled(page);
    const ids = await rowIds(page);
    // The risk cell: the row's device and gateway cells are links to their 360 views.
    await page.getByTestId('alert-row').first().locator(RISK_CELL).first().click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Next' }) });
    await dialog.waitFor();
    const firstText = await dialog.getByRole('region', { name: 'Device' }).innerText();
    expect(await dialog.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Previous' }).and(page.locator(':enabled')).waitFor();
    await c.screenshot(page, 'alerts-alert-dialog');
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await dialog.getByRole('button', { name: 'Previous' }).and(page.locator(':disabled')).waitFor();
    expect(await dialog.getByRole('region', { name: 'Device' }).innerText()).toBe(firstText);

    // Resolve it with a comment: the dialog shows the resolution, the server has it.
    const comment = `checked by e2e ${Date.now()}`;
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    const confirm = page.getByRole('dialog', { name: 'Resolve alert' });
    await confirm.getByLabel('Resolution comment').fill(comment);
    await confirm.getByRole('button', { name: 'Resolve' }).click();
    await confirm.waitFor({ state: 'detached' });
    const resolution = dialog.getByRole('region', { name: 'Resolution' });
    await resolution.getByText(comment).waitFor();
    await c.screenshot(page, 'alerts-alert-resolved');
    const since = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const { body: resolved } = await c.api<Array<{ id: number; resolution_comment: string | null }>>(
      'GET',
      `alerts?resolved=true&include_parameters=true&created_at[gte]=${encodeURIComponent(since)}&page=0&size=100`,
    );
    expect(resolved.find((alert) => alert.id === ids[0])?.resolution_comment).toBe(comment);
    await page.keyboard.press('Escape');
    await c.screenshot(page, 'alerts-alerts-review');
    await page.close();
  }, 240_000);

  it('shows the new-alerts banner on a filtered view, and Reload now loads the new alert', async () => {
    const c = ctx();
    await demoAlerts(c, 1);
    const totalAlerts = async () =>
      (await c.api<{ count: number }>('GET', 'alerts/count?group_by=TOTAL')).body;
    // Counted before the page loads: whatever alert the banner announces arrives after this.
    const totalBefore = await totalAlerts();
    const page = await c.signedInPage('/dashboard/alerts_review');
    await settled(page);
    // The demo's only data source: every live alert matches, yet a filtered view cannot place it itself.
    const sourceEntry = page.getByTestId('chart-by-data-source').getByRole('button', { name: /: \d+$/ });
    await sourceEntry.first().click();
    await page.getByTestId('filter-chips').waitFor();
    await settled(page);

    await page.getByTestId('new-alerts-banner').waitFor({ timeout: 170_000 });
    expect(await page.getByTestId('new-alerts-banner').innerText()).toContain("There're new alerts.");
    await c.screenshot(page, 'alerts-new-alerts-banner');
    // The demo keeps raising alerts, so the banner may be back before a poll could see it go: a mutation
    // observer installed before the click records that Reload now took this banner away.
    await page.evaluate(() => {
      const banner = document.querySelector('[data-testid="new-alerts-banner"]');
      const gone = new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          if (banner?.isConnected) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(document.body, { childList: true, subtree: true });
      });
      (window as unknown as { bannerGone: Promise<void> }).bannerGone = gone;
    });
    // Reload now asks the server again, and the table shows that fresh answer. (The newest alert need not be on
    // the first page: the page is sorted by event time, and a late alert, such as a silence raised at the
    // watermark, is dated before alerts already shown.)
    const reloaded = page.waitForResponse(
      (response) => /\/api\/v1\.0\/alerts\?/.test(response.url()) && response.request().method() === 'GET',
    );
    await page.getByRole('button', { name: 'Reload now' }).click();
    const served = ((await (await reloaded).json()) as Array<{ id: number }>).map((alert) => alert.id);
    await page.evaluate(() => (window as unknown as { bannerGone: Promise<void> }).bannerGone);
    await settled(page);
    expect(served.length).toBeGreaterThan(0);
    expect(await rowIds(page)).toEqual(served);
    // What the banner announced was recorded meanwhile.
    expect((await totalAlerts()).count).toBeGreaterThan(totalBefore.count);
    expect(await page.getByTestId('filter-chips').isVisible()).toBe(true);
    await page.close();
  }, 240_000);

  it('says so when resolving fails', async () => {
    const c = ctx();
    await demoAlerts(c, 1);
    const page = await c.signedInPage('/dashboard/alerts_review');
    await page.route('**/api/v1.0/alerts/*/resolve', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' }),
    );
    await settled(page);
    // The risk cell: the row's device and gateway cells are links to their 360 views.
    await page.getByTestId('alert-row').first().locator(RISK_CELL).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Resolve' }).click();
    const confirm = page.getByRole('dialog', { name: 'Resolve alert' });
    await confirm.getByLabel('Resolution comment').fill('will fail');
    await confirm.getByRole('button', { name: 'Resolve' }).click();
    await confirm.getByText('An error has occurred while trying to resolve the alert.').waitFor();
    await c.screenshot(page, 'alerts-resolve-error');
    await page.close();
  }, 200_000);

  it('lists events and opens one in the alert dialog', async () => {
    const c = ctx();
    await demoAlerts(c, 2);
    const page = await c.signedInPage('/dashboard/events_log');
    await page.getByRole('heading', { name: 'EVENTS LOG' }).waitFor();
    await settled(page, 'events-table');
    const headers = await page.getByTestId('events-table').getByRole('columnheader').allInnerTexts();
    expect(headers).toEqual(['RISK', 'DESCRIPTION', 'DATE', 'SOURCE', 'STATE', 'ACTIONS']);
    expect((await rowIds(page, 'event-row')).length).toBeGreaterThanOrEqual(2);
    await c.screenshot(page, 'alerts-events-log');

    await page
      .getByTestId('event-row')
      .first()
      .getByRole('button', { name: /^View event/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('region', { name: 'Device' }).waitFor();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Previous' }).and(page.locator(':enabled')).waitFor();
    await c.screenshot(page, 'alerts-events-log-dialog');
    await page.close();
  }, 200_000);

  it('shows the Oops box when the events cannot be read', async () => {
    const c = ctx();
    const page = await c.signedInPage('/dashboard');
    await page.route('**/api/v1.0/alerts?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal error"}' }),
    );
    await page.goto(`${c.url}/dashboard/events_log`);
    await page.getByTestId('error-box').getByText('Something went wrong. Try again later.').waitFor();
    expect(await page.getByTestId('error-box').innerText()).toContain('Oops!');
    await c.screenshot(page, 'alerts-events-log-error');
    await page.close();
  }, 120_000);
});

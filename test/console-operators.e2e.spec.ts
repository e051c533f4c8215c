import type { Page } from 'playwright-core';
import { describeConsole, useConsole, type ConsoleContext } from './support/console-browser';

interface ApiAlert {
  id: number;
  parameters: { dev_eui?: string | null };
}

/** What operators expect of the console, against the demo network's real alerts, in a real browser. */
describeConsole('console: what operators expect', () => {
  const ctx = useConsole();

  const settled = (page: Page) => page.locator('[data-testid="alerts-table"][aria-busy="false"]').waitFor();
  const rowIds = (page: Page) =>
    page
      .getByTestId('alert-row')
      .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-alert-id'))));

  /** Unresolved demo alerts of the last week, waiting until there are at least `count`. */
  async function demoAlerts(c: ConsoleContext, count: number): Promise<ApiAlert[]> {
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      const since = new Date(Date.now() - 7 * 86_400_000).toISOString();
      try {
        const { body } = await c.api<ApiAlert[]>(
          'GET',
          `alerts?resolved=false&include_parameters=true&created_at[gte]=${encodeURIComponent(since)}&page=0&size=100`,
        );
        if (body.length >= count) return body;
      } catch {
        // The freshly started server may drop the very first connection; ask again.
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw new Error(`the demo produced fewer than ${count} alerts`);
  }

  it('keeps filters, sort, page size and range in the URL across a reload and a shared link', async () => {
    const c = ctx();
    await demoAlerts(c, 3);
    const page = await c.signedInPage('/dashboard/alerts_review');
    await settled(page);
    await page.getByRole('button', { name: 'Last week' }).click();
    // Mantine draws the chip over its input: click the drawn chip, which is the input's label.
    await page
      .locator('label')
      .filter({ hasText: /^Unresolved$/ })
      .click();
    await page.getByLabel('Items per page').selectOption('10');
    // The URL follows the view once its state has changed: wait for the last change to be written.
    await page.waitForURL(/size=10/);
    await settled(page);
    const url = page.url();
    expect(url).toContain('range=WEEK');
    expect(url).toContain('status=all');
    expect(url).toContain('size=10');

    const pressed = (target: Page) =>
      target
        .getByRole('button', { name: 'Last week' })
        .and(target.locator('[aria-pressed="true"]'))
        .waitFor();
    await page.reload();
    await settled(page);
    await pressed(page);
    expect(await page.getByRole('checkbox', { name: 'Unresolved' }).isChecked()).toBe(false);
    expect(await page.getByLabel('Items per page').inputValue()).toBe('10');

    const shared = await c.signedInPage(new URL(url).pathname + new URL(url).search);
    await settled(shared);
    await pressed(shared);
    expect(await shared.getByLabel('Items per page').inputValue()).toBe('10');
    await c.screenshot(shared, 'operators-alerts-shared-link');
    await shared.close();
    await page.close();
  }, 240_000);

  it('searches alerts by DevEUI from the box / focuses, and steps through them with the arrow keys', async () => {
    const c = ctx();
    const alerts = await demoAlerts(c, 3);
    const devEui = alerts.map((alert) => alert.parameters.dev_eui).find((eui): eui is string => !!eui);
    expect(devEui).toBeDefined();
    const page = await c.signedInPage('/dashboard/alerts_review?range=WEEK');
    await settled(page);
    await page.locator('body').click({ position: { x: 5, y: 200 } });
    await page.keyboard.press('/');
    const box = page.getByRole('textbox', { name: 'Search' });
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type(devEui!.toUpperCase());
    await page.waitForURL(new RegExp(`q=${devEui!.toUpperCase()}`));
    // The DevEUI/ADDRESS cell of every row: a gateway alert raised by one of the device's packets is found too, and
    // shows no device.
    const deviceCells = () =>
      page.evaluate(() => {
        const headers = [...document.querySelectorAll('[data-testid="alerts-table"] thead th')].map(
          (th) => th.textContent ?? '',
        );
        const column = headers.indexOf('DevEUI/ADDRESS');
        return [...document.querySelectorAll('[data-testid="alert-row"]')].map(
          (row) => row.querySelectorAll('td')[column]?.textContent?.toLowerCase() ?? '',
        );
      });
    const ofDevice = (cells: string[], eui: string) =>
      cells.some((cell) => cell.includes(eui)) && cells.every((cell) => cell === '' || cell.includes(eui));
    // The search answers after the URL changed: wait until the table shows the rows found, not the earlier ones.
    const eui = devEui!.toLowerCase();
    const deadline = Date.now() + 30_000;
    while (!ofDevice(await deviceCells(), eui) && Date.now() < deadline) await page.waitForTimeout(200);
    await settled(page);
    // Every row found is of that device.
    expect(ofDevice(await deviceCells(), eui)).toBe(true);
    await c.screenshot(page, 'operators-alerts-search');

    // Back to every alert; ← / → move in the dialog, Esc closes it.
    await box.fill('');
    await box.press('Enter');
    await settled(page);
    await page.getByTestId('alert-row').first().locator('button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const previous = dialog.getByRole('button', { name: 'Previous' });
    expect(await previous.isDisabled()).toBe(true);
    /** Waits until the dialog's Previous button is enabled (or disabled). */
    const previousEnabled = (enabled: boolean) =>
      page.waitForFunction((want) => {
        const button = [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find(
          (candidate) => candidate.textContent?.trim() === 'Previous',
        );
        return button !== undefined && button.disabled === !want;
      }, enabled);
    // Once the dialog has taken the focus (its close button), the keys are the dialog's.
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('aria-label') === 'Close alert dialog',
    );
    await page.keyboard.press('ArrowRight');
    await previousEnabled(true);
    await page.keyboard.press('ArrowLeft');
    await previousEnabled(false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  }, 240_000);

  it('resolves the ticked alerts at once for an administrator', async () => {
    const c = ctx();
    await demoAlerts(c, 3);
    const page = await c.signedInPage('/dashboard/alerts_review?range=WEEK&sort=created_at&dir=ASC');
    await settled(page);
    const [first, second] = await rowIds(page);
    await page.getByRole('checkbox', { name: `Select alert ${first}`, exact: true }).check();
    await page.getByRole('checkbox', { name: `Select alert ${second}`, exact: true }).check();
    await page.getByRole('button', { name: 'Resolve selected (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Resolve selected alerts' });
    await dialog.getByLabel('Comment').fill('Checked on site');
    await c.screenshot(page, 'operators-bulk-resolve');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await page.getByText('2 alerts resolved.').waitFor();
    const { body } = await c.api<Array<{ id: number; resolution_comment: string | null }>>(
      'GET',
      `alerts?resolved=true&include_parameters=true&created_at[gte]=${encodeURIComponent(
        new Date(Date.now() - 7 * 86_400_000).toISOString(),
      )}`,
    );
    const resolved = body.filter((alert) => alert.id === first || alert.id === second);
    expect(resolved.map((alert) => alert.resolution_comment)).toEqual(['Checked on site', 'Checked on site']);
    await page.close();
  }, 240_000);

  it('collapses the sidebar to an icon rail and reaches the events log from it', async () => {
    const c = ctx();
    const page = await c.signedInPage('/dashboard/inventory');
    await page.setViewportSize({ width: 1440, height: 900 });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Inventory' }).waitFor();
    await page.getByRole('button', { name: 'Collapse navigation' }).click();
    const width = await page
      .locator('nav[aria-label="Main"]')
      .evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeLessThan(80);
    expect(width).toBeGreaterThan(20);
    await c.screenshot(page, 'operators-sidebar-rail');
    await nav.getByRole('link', { name: 'Events Log' }).click();
    await page.waitForURL(/\/dashboard\/events_log/);
    await page.getByRole('heading', { name: 'EVENTS LOG' }).waitFor();
    // The choice is remembered.
    await page.reload();
    await page.getByRole('button', { name: 'Expand navigation' }).waitFor();
    await page.close();
  }, 120_000);

  it('asks before deleting an organization key and says it was deleted', async () => {
    const c = ctx();
    const key = Array.from({ length: 32 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');
    await c.api('POST', 'app_keys', { keys: [key] });
    const page = await c.signedInPage('/dashboard/policies/1/view');
    const manager = page.getByTestId('key-manager');
    await manager.waitFor();
    await manager.scrollIntoViewIfNeeded();
    const row = manager.getByTestId('key-row').filter({ hasText: key.toUpperCase() });
    await row.waitFor();
    await row.getByRole('button', { name: `Delete key ${key.toUpperCase()}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete key' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: `Delete key ${key.toUpperCase()}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`The key ${key.toUpperCase()} has been deleted.`).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.close();
  }, 120_000);
});

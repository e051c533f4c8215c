import type { Page } from 'playwright-core';
import { CONSOLE_ADMIN, describeConsole, useConsole, type ConsoleContext } from './support/console-browser';

interface AlertJson {
  id: number;
  type: string;
  device_id: number | null;
  asset_importance: string | null;
  resolved_at: string | null;
  parameters: Record<string, unknown>;
}

/** The operator's everyday flows: date pickers, importance on alerts, events manager saves, wording on screen. */
describeConsole('console: everyday flows', () => {
  const ctx = useConsole();

  /** Opens the Events Manager's Action section once the preferences are loaded (a click would close it if open). */
  async function openAction(page: Page) {
    const action = page.getByRole('button', { name: 'Action' });
    await action.waitFor();
    if ((await action.getAttribute('aria-expanded')) !== 'true') await action.click();
    await page.getByRole('switch', { name: 'Webhook notifications' }).waitFor();
  }

  async function settled(page: Page, table = 'alerts-table') {
    await page.locator(`[data-testid="${table}"][aria-busy="false"]`).waitFor();
  }

  /** Alerts of the last week as the API lists them, waiting until `ready` accepts them. */
  async function alertsWhere(
    c: ConsoleContext,
    query: string,
    ready: (alerts: AlertJson[]) => boolean,
  ): Promise<AlertJson[]> {
    const deadline = Date.now() + 150_000;
    let last: AlertJson[] = [];
    while (Date.now() < deadline) {
      const since = new Date(Date.now() - 7 * 86_400_000).toISOString();
      try {
        const { body } = await c.api<AlertJson[]>(
          'GET',
          `alerts?include_parameters=true&created_at[gte]=${encodeURIComponent(since)}&page=0&size=200${query}`,
        );
        last = body;
        if (ready(body)) return body;
      } catch {
        // The freshly started server may drop the very first connection; ask again.
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw new Error(`no alerts as expected for "${query}" (${last.length} found)`);
  }

  /**
   * A page signed in through the login form. The form is filled only once the console has started (on a busy
   * machine typing into a page that is still loading is lost), and tried again when the Login button stays disabled.
   */
  async function openSignedIn(c: ConsoleContext, path: string): Promise<Page> {
    const page = await c.browser.newPage({ viewport: { width: 1440, height: 900 } });
    for (let attempt = 1; ; attempt++) {
      try {
        await page.goto(`${c.url}/login`, { waitUntil: 'networkidle' });
        await page.getByLabel('Username or email').fill(CONSOLE_ADMIN.username);
        await page.getByLabel('Password').fill(CONSOLE_ADMIN.password);
        await page.getByRole('button', { name: 'Login' }).click({ timeout: 10_000 });
        await page.waitForURL((target) => target.pathname.startsWith('/dashboard'), { timeout: 20_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
    await page.goto(`${c.url}${path}`);
    return page;
  }

  /** Turns the Unresolved status filter off, so that every alert of the range is listed. */
  async function showResolvedToo(page: Page) {
    const unresolved = page.getByRole('checkbox', { name: 'Unresolved' });
    if (await unresolved.isChecked())
      await page.getByTestId('alerts-search').getByText('Unresolved', { exact: true }).click();
  }

  /** Picks a day of the next month in the date-time picker labelled `label`, and confirms it. */
  async function pickNextMonth(page: Page, label: string) {
    await page.getByRole('button', { name: label, exact: true }).click();
    const dropdown = page.locator('.mantine-Popover-dropdown').last();
    await dropdown.locator('.mantine-DateTimePicker-calendarHeaderControl[data-direction="next"]').click();
    await dropdown
      .locator('.mantine-DateTimePicker-day:not([data-outside])')
      .getByText('15', { exact: true })
      .click();
    await dropdown.locator('.mantine-DateTimePicker-submitButton').click();
  }

  it('keeps start before end when a start after the end is picked on Alerts: no error, the end moves along', async () => {
    const c = ctx();
    await alertsWhere(c, '', (alerts) => alerts.length > 0);
    const page = await openSignedIn(c, '/dashboard/alerts_review');
    await settled(page);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1.0/alerts?')) requests.push(request.url());
    });
    await pickNextMonth(page, 'Start');
    await settled(page);
    await page.waitForTimeout(500);
    expect(await page.getByTestId('error-box').count()).toBe(0);
    const last = new URL(requests.at(-1) ?? '');
    const from = Date.parse(last.searchParams.get('created_at[gte]') ?? '');
    const to = Date.parse(last.searchParams.get('created_at[lte]') ?? '');
    expect(from).toBeLessThan(to);
    await c.screenshot(page, 'flows-alerts-start-after-end');
  });

  /** A device of the inventory that has alerts in the last week, with those alerts. */
  async function deviceWithAlerts(c: ConsoleContext): Promise<{ id: number; alerts: AlertJson[] }> {
    const alerts = await alertsWhere(c, '', (found) => found.some((a) => a.device_id !== null));
    const answers: string[] = [];
    for (const alert of alerts) {
      if (alert.device_id === null) continue;
      const answer = await c.api('GET', `inventory/device/${alert.device_id}`);
      if (answer.status === 200)
        return { id: alert.device_id, alerts: alerts.filter((a) => a.device_id === alert.device_id) };
      answers.push(`${alert.type} ${alert.device_id}: ${JSON.stringify(answer).slice(0, 200)}`);
    }
    throw new Error(
      `no alert of the last week names a device of the inventory: ${answers.slice(0, 3).join('; ')}`,
    );
  }

  it('keeps start before end in the Asset 360 view too', async () => {
    const c = ctx();
    const device = await deviceWithAlerts(c);
    const page = await openSignedIn(c, `/dashboard/assets/device/${device.id}/view`);
    try {
      await page.getByTestId('asset-date-filter').waitFor();
    } finally {
      await c.screenshot(page, 'flows-asset-view');
    }
    await pickNextMonth(page, 'Start');
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('error-box').count()).toBe(0);
  });

  it('carries a device importance to its alerts, and follows a later change', async () => {
    const c = ctx();
    const device = await deviceWithAlerts(c);
    const [target] = device.alerts;
    const setImportance = async (importance: string) =>
      JSON.stringify(
        await c.api('POST', 'inventory/set_importance', {
          importance,
          asset_list: [{ asset_id: device.id, asset_type: 'device' }],
        }),
      );
    const importanceOf = async () =>
      (await alertsWhere(c, '', (found) => found.some((a) => a.id === target.id))).find(
        (a) => a.id === target.id,
      )?.asset_importance;

    expect(await setImportance('HIGH')).toContain('"status":200');
    await alertsWhere(c, '', (found) => found.find((a) => a.id === target.id)?.asset_importance === 'HIGH');
    const page = await openSignedIn(c, '/dashboard/alerts_review');
    await page.getByRole('button', { name: 'Last week' }).click();
    await showResolvedToo(page);
    await settled(page);
    const row = page.locator(`[data-testid="alert-row"][data-alert-id="${target.id}"]`);
    if ((await row.count()) > 0) expect(await row.textContent()).toContain('HIGH');

    expect(await setImportance('MEDIUM')).toContain('"status":200');
    await alertsWhere(c, '', (found) => found.find((a) => a.id === target.id)?.asset_importance === 'MEDIUM');
    expect(await importanceOf()).toBe('MEDIUM');
  });

  it('persists the removal of a webhook URL made while the Webhook switch is off', async () => {
    const c = ctx();
    const url = 'https://hooks.example.test/flows';
    const page = await openSignedIn(c, '/dashboard/events_manager');
    await openAction(page);
    const webhook = page.getByRole('switch', { name: 'Webhook notifications' });
    if (!(await webhook.isChecked())) await webhook.click({ force: true });
    // The URL field is enabled once the form follows the switch: wait for that rather than type at once.
    await page.getByLabel('Webhook URL').and(page.locator(':enabled')).waitFor({ timeout: 10_000 });
    await page.getByLabel('Webhook URL').fill(url);
    await page.getByLabel('Secret').fill('flows-secret');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Done! Changes were saved, click to hide.').waitFor();

    await webhook.click({ force: true });
    await page.getByRole('button', { name: `Remove ${url}` }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Done! Changes were saved, click to hide.').waitFor();

    await page.reload();
    await openAction(page);
    expect(await page.getByRole('button', { name: `Remove ${url}` }).count()).toBe(0);
    const { body } = await c.api<{ destinations: Array<{ destination: string; additional?: unknown[] }> }>(
      'GET',
      'notifications/preferences',
    );
    expect(body.destinations.find((d) => d.destination === 'webhook')?.additional).toEqual([]);
  });

  it('says on the dashboard that CURRENT ISSUES counts devices with open issues', async () => {
    const c = ctx();
    const page = await openSignedIn(c, '/dashboard');
    await page.getByRole('heading', { name: 'CURRENT ISSUES' }).waitFor();
    expect(await page.getByTestId('chart-issues-caption').textContent()).toBe('Devices with open issues');
  });

  it('shows the same TOTAL ALERTS as the charts beside it', async () => {
    const c = ctx();
    await alertsWhere(c, '', (alerts) => alerts.length > 0);
    const page = await openSignedIn(c, '/dashboard/alerts_review');
    await settled(page);
    const riskEntries = page
      .getByTestId('chart-by-risk')
      .getByRole('button', { name: /^(INFO|LOW|MEDIUM|HIGH): \d+$/ });
    await riskEntries.first().waitFor();
    const byRisk = (
      await riskEntries.evaluateAll((entries) => entries.map((e) => e.getAttribute('aria-label') ?? ''))
    )
      .map((label) => Number(label.split(': ')[1]))
      .reduce((sum, count) => sum + count, 0);
    expect(Number(await page.getByTestId('alerts-total').getAttribute('data-count'))).toBe(byRisk);
  });

  it('opens the clone dialog without an error before anything is typed', async () => {
    const c = ctx();
    const page = await openSignedIn(c, '/dashboard/policies');
    await page
      .getByRole('button', { name: /^Clone / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name of the new policy' }).waitFor();
    expect(await dialog.getByText('This file is required').count()).toBe(0);
  });

  it('shows the gateway, not a device, on New gateway rows', async () => {
    const c = ctx();
    const [gatewayAlert] = await alertsWhere(c, '&type[]=LAF-402', (alerts) => alerts.length > 0);
    // The New gateway alerts of the week in every state, by link (the chart may group a small type into "Other").
    const page = await openSignedIn(c, '/dashboard/alerts_review?range=WEEK&status=all&type=LAF-402');
    await settled(page);
    const row = page.locator(`[data-testid="alert-row"][data-alert-id="${gatewayAlert.id}"]`);
    // By column name: an administrator's table starts with a check box column for bulk resolve.
    const headers = await page.getByTestId('alerts-table').locator('thead th').allTextContents();
    const cells = await row.locator('td').allTextContents();
    const cell = (column: string): string => cells[headers.indexOf(column)];
    expect(cell('DESCRIPTION')).toContain('New gateway');
    expect(cell('DevEUI/ADDRESS')).toBe('');
    expect(cell('DEVICE NAME')).toBe('');
    expect(cell('GATEWAY')).not.toBe('');
  });
});

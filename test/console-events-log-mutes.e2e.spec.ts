import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { CONSOLE_ADMIN, describeConsole, useConsole, type ConsoleContext } from './support/console-browser';
import { startStandalone, type StandaloneProcess } from './support/standalone-process';

const NO_MAIL =
  'Email notifications cannot be enabled: no mail server is configured. Your other changes were saved.';

interface Preferences {
  destinations: Array<{ destination: string; enabled: boolean; additional?: unknown[] }>;
  risks: Array<{ name: string; enabled: boolean }>;
}

/** Signs in through the login form once the console has started, trying again while a busy machine loses typing. */
async function signedIn(c: ConsoleContext, base: string, path: string): Promise<Page> {
  const page = await c.browser.newPage({ viewport: { width: 1440, height: 900 } });
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
      await page.getByLabel('Username or email').fill(CONSOLE_ADMIN.username);
      await page.getByLabel('Password').fill(CONSOLE_ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click({ timeout: 10_000 });
      await page.waitForURL((target) => target.pathname.startsWith('/dashboard'), { timeout: 20_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  await page.goto(`${base}${path}`);
  return page;
}

/** Clicks a Mantine switch where it is drawn (its label), and checks it took. */
async function toggleSwitch(page: Page, name: string, on: boolean): Promise<void> {
  const input = page.getByRole('switch', { name });
  if ((await input.isChecked()) === on) return;
  await page
    .locator(`label[for="${await input.getAttribute('id')}"]`)
    .first()
    .click();
  // The switch follows the form's state on the next render: wait for it rather than read it at once.
  await input
    .and(page.locator(on ? ':checked' : ':not(:checked)'))
    .waitFor({ state: 'attached', timeout: 10_000 });
  expect(await input.isChecked()).toBe(on);
}

describeConsole('console: events log filters, mutes, and email without a mail server', () => {
  const ctx = useConsole();

  describe('on a server without a mail server', () => {
    let server: StandaloneProcess | null = null;
    let dataDir = '';

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-no-mail-'));
      // No SMTP_URL: no mail server.
      server = await startStandalone({
        DATA_DIR: dataDir,
        ADMIN_USERNAME: CONSOLE_ADMIN.username,
        ADMIN_PASSWORD: CONSOLE_ADMIN.password,
        ADMIN_EMAIL: CONSOLE_ADMIN.email,
      });
      // The guided tour stays closed: this test is about the Events Manager.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const login = await fetch(`${server.url}/api/v1.0/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: CONSOLE_ADMIN.username, password: CONSOLE_ADMIN.password }),
        }).catch(() => null);
        if (login?.status === 200) {
          const { access_token } = (await login.json()) as { access_token: string };
          await fetch(`${server.url}/api/v1.0/user/${CONSOLE_ADMIN.username}`, {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access_token}` },
            body: JSON.stringify({ first_login: false }),
          });
          break;
        }
        if (Date.now() > deadline)
          throw new Error('the server without a mail server did not let the admin in');
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('keeps Push and the other changes when Email is switched on and saved, and says why Email stays off', async () => {
      const c = ctx();
      const base = server!.url;
      const page = await signedIn(c, base, '/dashboard/events_manager');
      await page.getByRole('heading', { name: 'EVENTS MANAGER' }).waitFor();
      await page.getByRole('button', { name: 'Triggers' }).click();
      const risks = page.getByRole('group', { name: 'Risks' });
      await risks.getByRole('checkbox', { name: 'LOW' }).check();
      await risks.getByRole('checkbox', { name: 'INFO' }).uncheck();
      await page.getByRole('button', { name: 'Action' }).click();
      await toggleSwitch(page, 'Push notifications', true);
      await toggleSwitch(page, 'Email notifications', true);
      await page.getByRole('button', { name: 'Save', exact: true }).click();

      await page.getByRole('alert').filter({ hasText: NO_MAIL }).waitFor();
      expect(await page.getByText('Done! Changes were saved, click to hide.').count()).toBe(0);
      await c.screenshot(page, 'events-manager-email-without-mail-server');

      // After a reload the screen shows what was saved: Push on, Email off, the risks as picked.
      await page.reload();
      await page.getByRole('heading', { name: 'EVENTS MANAGER' }).waitFor();
      await page.getByRole('button', { name: 'Action' }).click();
      await page.getByRole('switch', { name: 'Push notifications' }).waitFor();
      expect(await page.getByRole('switch', { name: 'Push notifications' }).isChecked()).toBe(true);
      expect(await page.getByRole('switch', { name: 'Email notifications' }).isChecked()).toBe(false);
      await page.getByRole('button', { name: 'Triggers' }).click();
      const saved = page.getByRole('group', { name: 'Risks' });
      expect(await saved.getByRole('checkbox', { name: 'LOW' }).isChecked()).toBe(true);
      expect(await saved.getByRole('checkbox', { name: 'INFO' }).isChecked()).toBe(false);
      await page.close();

      // And so the server has it.
      const login = await fetch(`${base}/api/v1.0/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: CONSOLE_ADMIN.username, password: CONSOLE_ADMIN.password }),
      });
      const { access_token } = (await login.json()) as { access_token: string };
      const answer = await fetch(`${base}/api/v1.0/notifications/preferences`, {
        headers: { Authorization: `Bearer ${access_token}` },
      });
      const preferences = (await answer.json()) as Preferences;
      const destination = (name: string) => preferences.destinations.find((d) => d.destination === name);
      expect(destination('push')?.enabled).toBe(true);
      expect(destination('email')?.enabled).toBe(false);
      expect(preferences.risks.find((risk) => risk.name === 'low')?.enabled).toBe(true);
      expect(preferences.risks.find((risk) => risk.name === 'info')?.enabled).toBe(false);
    }, 180_000);
  });

  it('keeps the events log filters and a picked date range across a reload', async () => {
    const c = ctx();
    const page = await signedIn(c, c.url, '/dashboard/events_log');
    await page.locator('[data-testid="events-table"][aria-busy="false"]').waitFor();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/v1\.0\/alerts\?/.test(request.url())) requests.push(request.url());
    });

    await page.getByTestId('events-filters').getByText('HIGH', { exact: true }).click();
    await page.getByTestId('events-filters').getByText('Unresolved', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Search' }).fill('70b3');
    await page.getByRole('textbox', { name: 'Search' }).press('Enter');
    // A start after the end moves the end along: the range never turns round.
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    const dropdown = page.locator('.mantine-Popover-dropdown').last();
    await dropdown.locator('.mantine-DateTimePicker-calendarHeaderControl[data-direction="next"]').click();
    await dropdown
      .locator('.mantine-DateTimePicker-day:not([data-outside])')
      .getByText('15', { exact: true })
      .click();
    await dropdown.locator('.mantine-DateTimePicker-submitButton').click();
    await page.waitForURL((target) => target.searchParams.has('from'));
    await page.locator('[data-testid="events-table"][aria-busy="false"]').waitFor();
    expect(await page.getByTestId('error-box').count()).toBe(0);

    const url = new URL(page.url());
    expect(url.searchParams.getAll('risk')).toEqual(['HIGH']);
    expect(url.searchParams.get('status')).toBe('unresolved');
    expect(url.searchParams.get('q')).toBe('70b3');
    const from = url.searchParams.get('from')!;
    const to = url.searchParams.get('to')!;
    expect(Date.parse(from)).toBeLessThan(Date.parse(to));
    const last = new URL(requests.at(-1) ?? '');
    expect(last.searchParams.get('created_at[gte]')).toBe(from);
    expect(last.searchParams.get('created_at[lte]')).toBe(to);
    await c.screenshot(page, 'events-log-filters');

    requests.length = 0;
    await page.reload();
    await page.locator('[data-testid="events-table"][aria-busy="false"]').waitFor();
    expect(new URL(page.url()).searchParams.get('from')).toBe(from);
    expect(await page.getByRole('checkbox', { name: 'HIGH' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Unresolved' }).isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Search' }).inputValue()).toBe('70b3');
    const reloaded = new URL(requests.find((request) => request.includes('created_at')) ?? '');
    expect(reloaded.searchParams.getAll('risk[]')).toEqual(['HIGH']);
    expect(reloaded.searchParams.get('resolved')).toBe('false');
    expect(reloaded.searchParams.get('search')).toBe('70b3');
    expect(reloaded.searchParams.get('created_at[gte]')).toBe(from);
    expect(reloaded.searchParams.get('created_at[lte]')).toBe(to);
    await page.close();
  }, 180_000);

  it('lists a running mute in the notifications and unmutes it', async () => {
    const c = ctx();
    const muted = await c.api('PUT', 'notifications/mutes', {
      kind: 'gateway',
      key: '4242',
      minutes: 90,
      label: 'Roof gateway',
    });
    expect(muted.status).toBe(200);
    const page = await signedIn(c, c.url, '/dashboard');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const item = page.getByTestId('mutes-list').locator('[data-mute="gateway:4242"]');
    await item.waitFor();
    expect(await item.innerText()).toContain('Roof gateway');
    expect(await item.innerText()).toMatch(/Until \d{2}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} [AP]M/);
    await c.screenshot(page, 'notifications-mutes');

    await item.getByRole('button', { name: 'Unmute Gateway Roof gateway' }).click();
    await page.getByText('Notifications about Gateway Roof gateway are on again.').waitFor();
    await item.waitFor({ state: 'detached' });
    const running = await c.api<Array<{ kind: string; key: string }>>('GET', 'notifications/mutes');
    expect(running.body.some((mute) => mute.kind === 'gateway' && mute.key === '4242')).toBe(false);
    await page.close();
  }, 120_000);
});

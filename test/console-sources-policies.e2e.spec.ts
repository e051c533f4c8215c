import type { Page } from 'playwright-core';
import { describeConsole, useConsole, type ConsoleContext } from './support/console-browser';

/** Data sources, policies and the key dictionary against the shared demo server, in a real browser. */
describeConsole('console: data sources, policies and keys', () => {
  const ctx = useConsole();
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

  async function chooseType(page: Page, typeName: string) {
    await page.getByRole('textbox', { name: 'Type' }).click();
    await page.getByRole('option', { name: typeName }).click();
  }

  async function fillChirpStack(page: Page, name: string, port: number) {
    await chooseType(page, 'ChirpStack v3');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'IP or hostname' }).fill('127.0.0.1');
    await page.getByRole('textbox', { name: 'Port' }).fill(String(port));
  }

  const row = (page: Page, name: string) => page.getByTestId('data-source-row').filter({ hasText: name });

  it('creates a ChirpStack v3 data source through a connection test, then views, logs, disables, enables and deletes it', async () => {
    const c = ctx();
    const name = `e2e source ${suffix}`;
    const page = await c.signedInPage('/dashboard/data_collectors');
    await page.getByTestId('data-source-row').first().waitFor();
    await c.screenshot(page, 'sources-policies-data-sources');

    await page.getByRole('link', { name: 'NEW DATA SOURCE' }).click();
    await page.getByRole('heading', { name: 'New Data Source' }).waitFor();
    // Default is preselected; the test is the gate to Save.
    expect(await page.getByRole('textbox', { name: 'Policy' }).inputValue()).toBe('Default');
    await fillChirpStack(page, name, c.demoMqttPort);
    await page.getByTestId('ssl-warning').waitFor();
    expect(await page.getByTestId('ssl-warning').innerText()).toBe(
      "If you don't enable SSL, credentials will be sent in clear text.",
    );
    const save = page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const result = page.getByTestId('test-result');
    await result.waitFor({ timeout: 35_000 });
    expect(await result.getAttribute('data-outcome')).toBe('success');
    expect(await result.innerText()).toMatch(/^SUCCESS: /);
    await c.screenshot(page, 'sources-policies-data-source-form');
    expect(await save.isEnabled()).toBe(true);
    await save.click();

    await page.waitForURL((url) => url.pathname === '/dashboard/data_collectors');
    await row(page, name).waitFor();
    // The new data source connects to the demo broker: the pushed status reaches the row.
    await row(page, name).getByText('CONNECTED', { exact: true }).waitFor({ timeout: 30_000 });

    await row(page, name).getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { name: 'VIEW DATA SOURCE' }).waitFor();
    await page.getByTestId('data-source-view').waitFor();
    for (const section of ['Details', 'Status', 'Connection'])
      await page.getByRole('heading', { name: section }).waitFor();
    expect(await page.getByTestId('data-source-view').innerText()).toContain(name);
    await c.screenshot(page, 'sources-policies-data-source-view');

    await page.getByRole('link', { name: 'Logs', exact: true }).click();
    await page.getByRole('heading', { name: 'DATA SOURCE LOGS' }).waitFor();
    await page.getByTestId('log-row').filter({ hasText: 'Created' }).waitFor();
    await page.getByTestId('log-summary').waitFor();
    await c.screenshot(page, 'sources-policies-data-source-log');

    await page.goto(`${c.url}/dashboard/data_collectors`);
    await row(page, name)
      .getByRole('button', { name: `Disable ${name}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
    await row(page, name).getByText('DISABLED', { exact: true }).waitFor();
    await row(page, name)
      .getByRole('button', { name: `Enable ${name}` })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enable' }).click();
    await row(page, name)
      .getByRole('button', { name: `Disable ${name}` })
      .waitFor();

    await row(page, name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await dialog.getByLabel('I understand, remove this data source').check();
    await c.screenshot(page, 'sources-policies-data-source-delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await row(page, name).waitFor({ state: 'detached' });

    // The log of the removed data source is not reachable any more, but its events were recorded.
    await page.close();
  }, 150_000);

  it('shows the failure of a connection test and keeps Save disabled', async () => {
    const c = ctx();
    const page = await c.signedInPage('/dashboard/data_collectors/new');
    await page.getByRole('heading', { name: 'New Data Source' }).waitFor();
    await fillChirpStack(page, `e2e refused ${suffix}`, 1);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const result = page.getByTestId('test-result');
    await result.waitFor({ timeout: 35_000 });
    expect(await result.getAttribute('data-outcome')).toBe('failure');
    expect(await result.innerText()).toMatch(/^ERROR: /);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);

    // Field rules show as the user types.
    await page.getByRole('textbox', { name: 'IP or hostname' }).fill('300.1.1.1');
    await page.getByText('Enter a valid IP address or hostname').waitFor();
    expect(await page.getByRole('button', { name: 'Test connection' }).isDisabled()).toBe(true);
    await c.screenshot(page, 'sources-policies-data-source-test-failed');
    await page.close();
  }, 60_000);

  it('clones the Default policy, changes a parameter, saves it, and deletes it', async () => {
    const c = ctx();
    const name = `e2e policy ${suffix}`;
    const page = await c.signedInPage('/dashboard/policies');
    const defaultRow = page.getByTestId('policy-row').filter({ hasText: 'Default' });
    await defaultRow.waitFor();
    // The default policy can be cloned but neither edited nor deleted.
    expect(await defaultRow.getByRole('button', { name: 'Delete Default' }).count()).toBe(0);
    expect(await defaultRow.getByRole('link', { name: 'Edit Default' }).count()).toBe(0);
    await c.screenshot(page, 'sources-policies-policies');

    await defaultRow.getByRole('button', { name: 'Clone Default' }).click();
    const dialog = page.getByRole('dialog');
    // Nothing typed yet: the dialog does not open on an error.
    await dialog.getByLabel('Name of the new policy').waitFor();
    expect(await dialog.getByText('This file is required').count()).toBe(0);
    await dialog.getByLabel('Name of the new policy').fill('ab');
    await dialog.getByText('Name length must be greater than 3').waitFor();
    // A name already in use is refused by the server.
    await dialog.getByLabel('Name of the new policy').fill('Default');
    await dialog.getByRole('button', { name: 'Clone' }).click();
    await dialog.getByText('Exists a policy with this name').waitFor();
    await dialog.getByLabel('Name of the new policy').fill(name);
    await dialog.getByRole('button', { name: 'Clone' }).click();

    await page.getByRole('heading', { name: 'EDIT POLICY' }).waitFor();
    const moved = page.getByTestId('policy-item').filter({ has: page.getByText('LAF-010', { exact: true }) });
    const accuracy = moved.getByLabel('location_accuracy');
    await accuracy.fill('abc');
    await moved.getByText('The value must be a number').waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await accuracy.fill('75');
    await c.screenshot(page, 'sources-policies-policy-edit');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/dashboard/policies');
    const created = page.getByTestId('policy-row').filter({ hasText: name });
    await created.waitFor();
    const policyId = Number(await created.getAttribute('data-policy-id'));
    const stored = await c.api<{ items: { alertTypeCode: string; parameters: Record<string, number> }[] }>(
      'GET',
      `policies/${policyId}`,
    );
    expect(
      stored.body.items.find((item) => item.alertTypeCode === 'LAF-010')?.parameters.location_accuracy,
    ).toBe(75);

    await created.getByRole('link', { name: `View ${name}` }).click();
    await page.getByRole('heading', { name: 'VIEW POLICY' }).waitFor();
    await page.getByTestId('policy-item').first().waitFor();
    await c.screenshot(page, 'sources-policies-policy-view');

    await page.goto(`${c.url}/dashboard/policies`);
    await created.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The policy has been removed!').waitFor();
    await created.waitFor({ state: 'detached' });
    await page.close();
  }, 90_000);

  it('adds a 32-hex key in the LAF-009 item and removes it', async () => {
    const c = ctx();
    const key = Array.from({ length: 32 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');
    const page = await c.signedInPage('/dashboard/policies/1/view');
    const manager = page.getByTestId('key-manager');
    await manager.waitFor();
    await manager.scrollIntoViewIfNeeded();
    const input = manager.getByLabel('New key');
    // Characters that cannot make a key are refused as they are typed.
    await input.pressSequentially('xyz');
    expect(await input.inputValue()).toBe('');
    await input.fill(key.slice(0, 31));
    expect(await manager.getByRole('button', { name: 'Save key' }).isDisabled()).toBe(true);
    await input.fill(key);
    await manager.getByRole('button', { name: 'Save key' }).click();
    const keyRow = manager.getByTestId('key-row').filter({ hasText: key.toUpperCase() });
    await keyRow.waitFor();
    await c.screenshot(page, 'sources-policies-keys');
    await keyRow.getByRole('button', { name: `Delete key ${key.toUpperCase()}` }).click();
    await page.getByRole('dialog', { name: 'Delete key' }).getByRole('button', { name: 'Delete' }).click();
    await keyRow.waitFor({ state: 'detached' });
    await page.getByText(`The key ${key.toUpperCase()} has been deleted.`).waitFor();
    await page.close();
  }, 60_000);

  it('hides the admin actions from a regular user, whose direct visits to admin screens are refused', async () => {
    const c = ctx();
    const user = await regularUser(c, `e2eds${suffix}`);
    const page = await c.signedInPage('/dashboard/data_collectors', user);
    await page.getByTestId('data-source-row').first().waitFor();
    expect(await page.getByRole('link', { name: 'NEW DATA SOURCE' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Delete|Disable|Enable) / }).count()).toBe(0);
    await c.screenshot(page, 'sources-policies-data-sources-regular');

    await page.goto(`${c.url}/dashboard/data_collectors/new`);
    await page.getByRole('heading', { name: 'Access Forbidden' }).waitFor();

    await page.goto(`${c.url}/dashboard/policies`);
    await page.getByTestId('policy-row').first().waitFor();
    expect(await page.getByRole('link', { name: 'NEW POLICY' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Clone / }).count()).toBe(0);
    // The server refuses the same actions.
    expect((await c.api('POST', 'policies?clone=1', { name: `refused ${suffix}` }, user)).status).toBe(403);
    await page.close();
  }, 90_000);
});

/** A regular user of the operator's organisation, activated through the real activation mail. */
async function regularUser(c: ConsoleContext, username: string) {
  const email = `${username}@example.com`;
  const password = 'Regu1ar!pass';
  const registered = await c.api('POST', 'register', {
    username,
    full_name: 'Regular Viewer',
    email,
    user_roles: '1',
  });
  expect(registered.status).toBe(200);
  const mail = await c.nextMail(email, 30_000);
  const token = /activation\/([^\s/]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no activation link in: ${mail.text}`);
  const activated = await fetch(`${c.url}/api/v1.0/create_password/${token}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  expect(activated.status).toBe(200);
  return { username, password };
}

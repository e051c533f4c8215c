import type { Page } from 'playwright-core';
import { describeConsole, useConsole } from './support/console-browser';

/** Inventory and network overview against the demo network, in a real browser. */
describeConsole('console: inventory and network overview', () => {
  const ctx = useConsole();

  const rowKeys = (page: Page) =>
    page
      .getByTestId('inventory-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-asset') ?? ''));

  it('finds, labels, ranks and hides demo assets', async () => {
    const c = ctx();
    const page = await c.signedInPage('/dashboard/inventory');
    await page.getByTestId('inventory-row').first().waitFor();
    // The demo's gateways and devices are both listed (the page of 50 holds them all).
    await page.getByTestId('inventory-row').filter({ hasText: 'Gateway' }).first().waitFor();
    await page.getByTestId('inventory-row').filter({ hasText: 'Device' }).first().waitFor();
    await c.screenshot(page, 'inventory-inventory');

    // Search: results grouped, choosing one opens its 360° view in a new tab.
    await page.getByRole('textbox', { name: 'Find device or gateway' }).fill('b827eb');
    const results = page.getByTestId('search-results');
    await results.getByText('Gateways').waitFor();
    await c.screenshot(page, 'inventory-search');
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      results.getByRole('option').first().click(),
    ]);
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(/\/dashboard\/assets\/gateway\/\d+\/view$/);
    await tab.close();
    await page.getByRole('textbox', { name: 'Find device or gateway' }).fill('');

    // A new label on two selected assets: the LABELS chart shows it.
    const [first, second] = await rowKeys(page);
    const row = (key: string) => page.locator(`[data-testid="inventory-row"][data-asset="${key}"]`);
    await row(first).getByRole('checkbox').check();
    await row(second).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'ASSIGN LABELS' }).click();
    const dialog = page.getByRole('dialog', { name: 'ASSIGN LABELS' });
    const label = `e2e inv ${Date.now() % 1_000_000}`;
    await dialog.getByPlaceholder('label name').fill(label);
    expect(await dialog.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    await dialog.getByRole('radio', { name: 'Colour #27c24c' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByRole('checkbox', { name: label }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: label }).isChecked()).toBe(true);
    await c.screenshot(page, 'inventory-assign-labels');
    await dialog.getByRole('button', { name: 'Assign' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('chart-tag').getByText(label).waitFor();
    await row(first).getByText(label).waitFor();
    await row(second).getByText(label).waitFor();

    // Importance HIGH on the first asset.
    await row(first).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'SET IMPORTANCE' }).click();
    const importance = page.getByRole('dialog', { name: 'SET IMPORTANCE' });
    expect(await importance.getByRole('button', { name: 'Assign' }).isDisabled()).toBe(true);
    await importance.getByRole('radio', { name: 'HIGH' }).check();
    await importance.getByRole('button', { name: 'Assign' }).click();
    await importance.waitFor({ state: 'hidden' });
    await row(first).getByText('HIGH').waitFor();
    await page.getByTestId('chart-importance').getByText('HIGH').waitFor();
    await c.screenshot(page, 'inventory-labelled');

    // Hide the second asset, find it among the hidden ones, show it back.
    await row(second).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'HIDE', exact: true }).click();
    await row(second).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'SEE HIDDEN ASSETS' }).click();
    await row(second).waitFor();
    await c.screenshot(page, 'inventory-hidden');
    await row(second).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'SHOW', exact: true }).click();
    await row(second).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'SEE VISIBLE ASSETS' }).click();
    await row(second).waitFor();

    // The detail modal of the first asset.
    await row(first)
      .getByRole('button', { name: /^Details of / })
      .click();
    const detail = page.getByRole('dialog').filter({ has: page.getByRole('link', { name: '360° VIEW' }) });
    await detail.getByText(label).waitFor();
    await detail.getByTestId('technical-details').waitFor();
    await c.screenshot(page, 'inventory-detail');
    await page.keyboard.press('Escape');

    // Put the demo assets back as they were.
    const [firstType, firstId] = first.split(':');
    await c.api('POST', 'inventory/set_importance', {
      importance: 'LOW',
      asset_list: [{ asset_id: Number(firstId), asset_type: firstType }],
    });
    const tags = await c.api<{ id: number; name: string }[]>('GET', 'tags');
    const created = tags.body.find((tag) => tag.name === label);
    if (created) await c.api('DELETE', `tags/${created.id}`);
    await page.close();
  }, 120_000);

  it('tells why a label cannot be created', async () => {
    const c = ctx();
    const label = `e2e dup ${Date.now() % 1_000_000}`;
    const created = await c.api<{ id: number }>(
      'POST',
      `tags?name=${encodeURIComponent(label)}&color=%23f05050`,
    );
    expect(created.status).toBe(200);
    const page = await c.signedInPage('/dashboard/inventory');
    await page.getByRole('button', { name: 'ASSIGN LABELS' }).click();
    const dialog = page.getByRole('dialog', { name: 'ASSIGN LABELS' });
    await dialog.getByPlaceholder('label name').fill(label);
    await dialog.getByRole('radio', { name: 'Colour #5d9cec' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Oops!');
    expect(await alert.innerText()).toContain('An error ocurred. Existing tag with that name');
    await c.screenshot(page, 'inventory-label-error');
    await c.api('DELETE', `tags/${created.body.id}`);
    await page.close();
  });

  it('filters the network overview and shows a device signal graph', async () => {
    const c = ctx();
    const page = await c.signedInPage('/dashboard/resources_usage');
    await page.getByTestId('network-row').first().waitFor();
    await page
      .getByTestId('chart-status')
      .getByRole('button', { name: /^connected: \d+/ })
      .waitFor();
    await c.screenshot(page, 'inventory-network');

    // A status slice filters to it.
    await page
      .getByTestId('chart-status')
      .getByRole('button', { name: /^connected: \d+/ })
      .click();
    const chips = page.getByTestId('filter-chips');
    await chips.getByText('connected', { exact: true }).waitFor();
    await page.getByTestId('network-row').first().waitFor();

    // The RSSI slider adds a chip.
    const from = page.getByRole('slider', { name: 'Signal strength (dBm) from' });
    await from.focus();
    for (let step = 0; step < 6; step++) await page.keyboard.press('ArrowRight');
    await chips.getByText('-120..0 dBm').waitFor();
    await page.getByText('Signal strength (dBm): -120 – 0').waitFor();
    await c.screenshot(page, 'inventory-network-filtered');
    await chips.getByRole('button', { name: 'Clear' }).click();
    await chips.waitFor({ state: 'detached' });

    // A device row opens its statistics and signal graph.
    await page.getByTestId('network-row').filter({ hasText: 'Device' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('usage-statistics').waitFor();
    await dialog.getByTestId('signal-graph').locator('svg').first().waitFor();
    await c.screenshot(page, 'inventory-network-detail');
    await page.close();
  }, 120_000);
});

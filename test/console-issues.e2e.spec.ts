/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Some steps run inside the page (Playwright evaluate), where the DOM types apply.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describeConsole, useConsole, type ConsoleContext } from './support/console-browser';

/** CURRENT ISSUES against the demo network: pies, chips, sorting, the alert dialog and quarantine removal. */
describeConsole('console: current issues', () => {
  const ctx = useConsole();

  const rows = (page: Page) => page.getByTestId('issue-row');
  const rowIds = (page: Page) =>
    rows(page).evaluateAll((elements) => elements.map((row) => row.getAttribute('data-issue-id') ?? ''));

  /** The demo network opens its first issues within a minute or so; the page shows them live. */
  async function openWithIssues(c: ConsoleContext, minimum = 1, path = '/dashboard/current_issues') {
    const page = await c.signedInPage(path);
    await page.getByTestId('issues-table').waitFor();
    const deadline = Date.now() + 150_000;
    while ((await rows(page).count()) < minimum) {
      if (Date.now() > deadline) {
        await c.screenshot(page, 'issues-none');
        throw new Error(`fewer than ${minimum} issues within 150 s`);
      }
      await page.waitForTimeout(500);
    }
    return page;
  }

  /** `MM/DD/YY hh:mm:ss A` back to a time, to check the table's order. */
  function parseShown(text: string): number {
    const match = /^(\d{2})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2}) (AM|PM)$/.exec(text.trim());
    if (!match) throw new Error(`not a console date: ${text}`);
    const [, month, day, year, hours, minutes, seconds, half] = match;
    const hours24 = (Number(hours) % 12) + (half === 'PM' ? 12 : 0);
    return new Date(
      2000 + Number(year),
      Number(month) - 1,
      Number(day),
      hours24,
      Number(minutes),
      Number(seconds),
    ).getTime();
  }

  const columnTexts = (page: Page, column: number) =>
    rows(page).evaluateAll(
      (elements, index) => elements.map((row) => row.querySelectorAll('td')[index]?.textContent ?? ''),
      column,
    );

  async function dialogText(dialog: Locator): Promise<string> {
    return dialog
      .locator('section')
      .allInnerTexts()
      .then((texts) => texts.join('\n'));
  }

  it('shows the demo issues, filters from a pie legend with a removable chip, and sorts', async () => {
    const c = ctx();
    const page = await openWithIssues(c);
    await page.getByRole('heading', { name: 'CURRENT ISSUES' }).waitFor();
    for (const title of ['BY RISK', 'BY ALERT DESCRIPTION', 'BY DATA SOURCE', 'DEVICES']) {
      await page.getByRole('heading', { name: title }).waitFor();
    }
    expect(await page.getByTestId('issues-devices-count').innerText()).toMatch(/^\d/);
    await page
      .getByTestId('issues-by-source')
      .getByRole('button', { name: /^Demo network: \d+$/ })
      .waitFor();
    await c.screenshot(page, 'issues-current_issues');

    // A legend entry of BY ALERT DESCRIPTION filters the table to that description.
    const entry = page.getByTestId('issues-by-type').getByRole('button', { pressed: false }).first();
    const label = (await entry.getAttribute('aria-label'))?.replace(/: \d+$/, '') ?? '';
    expect(label).not.toBe('');
    await entry.click();
    const chips = page.getByTestId('filter-chips');
    await chips.waitFor();
    await chips.getByRole('button', { name: `Remove filter ${label}` }).waitFor();
    await page.waitForFunction(
      (name) => {
        const cells = [...document.querySelectorAll('[data-testid="issue-row"] td:nth-child(2)')];
        return cells.length > 0 && cells.every((cell) => cell.textContent === name);
      },
      label,
      { timeout: 15_000 },
    );
    await c.screenshot(page, 'issues-filtered');
    await chips.getByRole('button', { name: 'Clear' }).click();
    await chips.waitFor({ state: 'detached' });

    // Date, newest first, then oldest first.
    await page.getByRole('button', { name: 'Date', exact: true }).click();
    await page.getByRole('button', { name: 'Date descending' }).waitFor();
    await page.waitForFunction(() =>
      document.querySelector('[aria-busy="false"][data-testid="issues-table"]'),
    );
    const descending = (await columnTexts(page, 2)).map(parseShown);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    await page.getByRole('button', { name: 'Date descending' }).click();
    await page.getByRole('button', { name: 'Date ascending' }).waitFor();
    await page.waitForFunction(() =>
      document.querySelector('[aria-busy="false"][data-testid="issues-table"]'),
    );
    const ascending = (await columnTexts(page, 2)).map(parseShown);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await page.getByRole('button', { name: 'Clear sorting' }).click();
    expect(
      await page.getByRole('button', { name: 'Last Check', exact: true }).getAttribute('aria-pressed'),
    ).toBe('false');
    await page.close();
  }, 240_000);

  it('opens the alert dialog, moves next and previous, and downloads a packet as <id>.json', async () => {
    const c = ctx();
    const page = await openWithIssues(c, 2);
    const ids = await rowIds(page);
    // The risk cell: the device and gateway cells are links to their 360 views.
    await rows(page).first().locator('td').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('alert-dialog-title').waitFor();
    await dialog.getByText('Since:').waitFor();
    await dialog.getByRole('region', { name: 'Technical description' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    const first = await dialogText(dialog);
    await c.screenshot(page, 'issues-dialog');

    await dialog.getByRole('button', { name: 'Next' }).click();
    await page.waitForFunction(
      (before) =>
        [...document.querySelectorAll('[role="dialog"] section')]
          .map((s) => (s as HTMLElement).innerText)
          .join('\n') !== before,
      first,
    );
    await dialog.getByRole('button', { name: 'Previous' }).click();
    await page.waitForFunction(
      (before) =>
        [...document.querySelectorAll('[role="dialog"] section')]
          .map((s) => (s as HTMLElement).innerText)
          .join('\n') === before,
      first,
    );

    // Walk to an issue that carries a packet (most do) and download it.
    let download = dialog.getByRole('link', { name: /^Download packet data/ });
    for (let step = 0; step < ids.length && (await download.count()) === 0; step++) {
      if (await dialog.getByRole('button', { name: 'Next' }).isDisabled()) break;
      await dialog.getByRole('button', { name: 'Next' }).click();
      await page.waitForTimeout(200);
      download = dialog.getByRole('link', { name: /^Download packet data/ });
    }
    expect(await download.count()).toBe(1);
    const packetId = await dialog
      .getByRole('region', { name: 'Packet data' })
      .getByRole('row')
      .first()
      .locator('td')
      .innerText();
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe(`${packetId}.json`);
    const saved = await file.path();
    expect(saved).toBeTruthy();
    expect(JSON.parse(readFileSync(saved, 'utf8')).id).toBe(packetId);

    await dialog.getByRole('button', { name: 'Close alert dialog' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  }, 240_000);

  it('removes a device from quarantine with a comment: the row leaves the table', async () => {
    const c = ctx();
    const page = await openWithIssues(c);
    const target = rows(page).first();
    const issueId = Number(await target.getAttribute('data-issue-id'));
    await target.locator('td').first().click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('alert-dialog-title') });
    await dialog.getByRole('button', { name: 'Remove from quarantine' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove from quarantine' });
    await confirm.getByLabel(/Comment/).fill(`e2e-issues removal ${Date.now()}`);
    await c.screenshot(page, 'issues-remove');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('The device was removed from quarantine.').waitFor();
    await page
      .locator(`[data-testid="issue-row"][data-issue-id="${issueId}"]`)
      .waitFor({ state: 'detached' });

    const open = await c.api<Array<{ id: number }>>('GET', 'quarantined_devices');
    expect(open.body.map((issue) => issue.id)).not.toContain(issueId);
    await page.close();
  }, 240_000);

  it("shows the server's reason when the issue was resolved meanwhile", async () => {
    const c = ctx();
    const page = await openWithIssues(c);
    const target = rows(page).first();
    const issueId = Number(await target.getAttribute('data-issue-id'));
    await target.locator('td').first().click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('alert-dialog-title') });
    await dialog.getByRole('button', { name: 'Remove from quarantine' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove from quarantine' });
    await confirm.getByLabel(/Comment/).fill('e2e-issues second hand');

    // Someone else closes it first.
    const first = await c.api('POST', 'quarantined_devices/remove', {
      id: issueId,
      comment: 'e2e-issues first',
    });
    expect(first.status).toBe(200);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirm.getByRole('alert').filter({ hasText: 'The issue is already resolved' }).waitFor();
    await c.screenshot(page, 'issues-remove-conflict');
    await page.close();
  }, 240_000);

  it('is usable on a phone-sized screen', async () => {
    const c = ctx();
    const page = await openWithIssues(c);
    await page.setViewportSize({ width: 390, height: 844 });
    await rows(page).first().getByRole('button').first().click();
    await page.getByRole('dialog').getByTestId('alert-dialog-title').waitFor();
    await c.screenshot(page, 'issues-dialog-mobile');
    await page.close();
  }, 240_000);
});

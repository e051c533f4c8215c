import { describeConsole, useConsole } from './support/console-browser';

/** A person's first minutes: sign in to a fresh install and watch the demo network's alerts arrive, live. */
describeConsole('console in a real browser', () => {
  const ctx = useConsole();

  it('rejects a wrong password with the spec message', async () => {
    const c = ctx();
    const page = await c.browser.newPage();
    await page.goto(`${c.url}/login`);
    await page.getByLabel('Username or email').fill('operator');
    await page.getByLabel('Password').fill('Wrong!pass1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByTestId('login-error').waitFor();
    expect(await page.getByTestId('login-error').innerText()).toContain('Username or password is incorrect');
    await c.screenshot(page, 'login-error');
    await page.close();
  });

  it('signs in and sees a demo alert appear without reloading', async () => {
    const c = ctx();
    const page = await c.signedInPage('/dashboard/alerts_review');
    // Page loads, not history changes: the review may note its view in the URL, but must never reload.
    let loads = 0;
    page.on('load', () => loads++);
    await page.getByTestId('alerts-table').waitFor();

    const rowIds = async () =>
      page
        .getByTestId('alert-row')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-alert-id') ?? ''));
    const before = new Set(await rowIds());
    // The demo's first attacks come about a minute after its devices joined; later ones keep coming.
    const deadline = Date.now() + 150_000;
    while (!(await rowIds()).some((id) => !before.has(id))) {
      if (Date.now() > deadline) {
        await c.screenshot(page, 'alerts-no-new-alert');
        throw new Error('no new alert appeared within 150 s');
      }
      await page.waitForTimeout(250);
    }
    expect(loads).toBe(0);
    await c.screenshot(page, 'alerts-live');
    await page.close();
  }, 200_000);
});

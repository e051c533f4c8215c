import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { freePort } from '@lorawatch/platform/free-port';
import { startStandalone, type StandaloneProcess } from './support/standalone-process';

const CHROMIUM = '/usr/bin/chromium';
const PASSWORD = 'Conso1e!pass';
const SCREENSHOTS = join(__dirname, '..', 'test-output', 'screenshots');

/** A person's first minutes: sign in to a fresh install and watch the demo network's alerts arrive, live. */
describe('console in a real browser', () => {
  let dataDir: string;
  let server: StandaloneProcess | null = null;
  let browser: Browser | null = null;
  const available = existsSync(CHROMIUM);

  beforeAll(async () => {
    if (!available) {
      console.log('skipped: chromium is not installed (apt-get install chromium)');
      return;
    }
    dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-console-'));
    mkdirSync(SCREENSHOTS, { recursive: true });
    server = await startStandalone({
      DATA_DIR: dataDir,
      DEMO: '1',
      DEMO_MQTT_PORT: String(await freePort()),
      ADMIN_USERNAME: 'operator',
      ADMIN_PASSWORD: PASSWORD,
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('rejects a wrong password with the spec message', async () => {
    if (!available) return;
    const page = await browser!.newPage();
    await page.goto(`${server!.url}/login`);
    await page.getByLabel('Username or email').fill('operator');
    await page.getByLabel('Password').fill('Wrong!pass1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByTestId('login-error').waitFor();
    expect(await page.getByTestId('login-error').innerText()).toContain('Username or password is incorrect');
    await page.screenshot({ path: join(SCREENSHOTS, 'login-error.png') });
    await page.close();
  });

  it('signs in and sees a demo alert appear without reloading', async () => {
    if (!available) return;
    const page = await browser!.newPage();
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    await page.goto(`${server!.url}/login`);
    await page.screenshot({ path: join(SCREENSHOTS, 'login.png') });
    await page.getByLabel('Username or email').fill('operator');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard/alerts_review');
    await page.getByTestId('alerts-table').waitFor();
    const navigationsAfterLogin = navigations;

    const rowIds = async () =>
      page
        .getByTestId('alert-row')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-alert-id') ?? ''));
    const before = new Set(await rowIds());
    // The demo's first attacks come about a minute after its devices joined.
    const deadline = Date.now() + 150_000;
    while (!(await rowIds()).some((id) => !before.has(id))) {
      if (Date.now() > deadline) {
        await page.screenshot({ path: join(SCREENSHOTS, 'alerts-no-new-alert.png'), fullPage: true });
        throw new Error('no new alert appeared within 150 s');
      }
      await page.waitForTimeout(250);
    }
    expect(navigations).toBe(navigationsAfterLogin);
    await page.screenshot({ path: join(SCREENSHOTS, 'alerts-live.png'), fullPage: true });
    await page.close();
  }, 200_000);
});

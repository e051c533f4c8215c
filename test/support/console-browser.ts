import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, CONSOLE_ADMIN, STACK_ENV, consoleSkipReason } from './console-stack';
import { describeOrSkip } from './describe-or-skip';

export { CONSOLE_ADMIN };

export const SCREENSHOTS = join(__dirname, '..', '..', 'test-output', 'screenshots');

export interface ConsoleUser {
  username: string;
  password: string;
}

export interface E2eMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * What a console test file gets: the shared server's URL, a browser, and helpers to sign in, call the API,
 * read mail and save screenshots.
 */
export interface ConsoleContext {
  url: string;
  /** The demo network's MQTT broker port on 127.0.0.1. */
  demoMqttPort: number;
  browser: Browser;
  /** A fresh page signed in as `user` (the administrator by default), at `path`. */
  signedInPage(path?: string, user?: ConsoleUser): Promise<Page>;
  /** Signs in through the login form of `page`. */
  signIn(page: Page, user?: ConsoleUser): Promise<void>;
  /** An access token for API calls made by the test itself (fixtures, checks). */
  token(user?: ConsoleUser): Promise<string>;
  api<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    user?: ConsoleUser,
  ): Promise<{ status: number; body: T }>;
  /** The next mail to `to` (first one not read yet), waiting up to `timeoutMs`. */
  nextMail(to: string, timeoutMs?: number): Promise<E2eMail>;
  /** Saves `<name>.png` under test-output/screenshots. */
  screenshot(page: Page, name: string): Promise<void>;
}

const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const readMails = new Set<string>();

/**
 * `describe` for a console test file: its tests run where Chromium is installed, and are reported as skipped, with
 * the reason, where it is not. Decided when jest loads the file, on the same check as the global setup.
 */
export function describeConsole(title: string, body: () => void): void {
  describeOrSkip(consoleSkipReason(), title, body);
}

/**
 * Sets up a console test file (inside `describeConsole`): before all, a browser against the stack the global setup
 * started; after all, the browser closes. Returns a getter for the context, which exists once `beforeAll` ran; the
 * getter throws when there is none (no stack, or the browser did not start).
 */
export function useConsole(): () => ConsoleContext {
  let context: ConsoleContext | null = null;
  let browser: Browser | null = null;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    const url = process.env[STACK_ENV.url];
    const mailDir = process.env[STACK_ENV.mailDir];
    if (!url || !mailDir) {
      throw new Error(
        `no console stack: ${STACK_ENV.url} and ${STACK_ENV.mailDir} are not set (the global setup starts it)`,
      );
    }
    mkdirSync(SCREENSHOTS, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
    const launched = browser;

    const token = async (user: ConsoleUser = CONSOLE_ADMIN) => {
      const cached = tokens.get(user.username);
      if (cached) return cached;
      const response = await fetch(`${url}/api/v1.0/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: user.username, password: user.password }),
      });
      if (response.status !== 200) throw new Error(`login of ${user.username} answered ${response.status}`);
      const { access_token } = (await response.json()) as { access_token: string };
      tokens.set(user.username, access_token);
      return access_token;
    };

    const signIn = async (page: Page, user: ConsoleUser = CONSOLE_ADMIN) => {
      await page.goto(`${url}/login`);
      await page.getByLabel('Username or email').fill(user.username);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((target) => target.pathname.startsWith('/dashboard'));
    };

    context = {
      url,
      demoMqttPort: Number(process.env[STACK_ENV.demoMqttPort]),
      browser: launched,
      signIn,
      token,
      async signedInPage(path = '/dashboard', user = CONSOLE_ADMIN) {
        const page = await launched.newPage({ viewport: { width: 1440, height: 900 } });
        await signIn(page, user);
        if (path !== '/dashboard') await page.goto(`${url}${path}`);
        return page;
      },
      async api<T>(method: string, path: string, body?: unknown, user: ConsoleUser = CONSOLE_ADMIN) {
        const response = await fetch(`${url}/api/v1.0/${path.replace(/^\//, '')}`, {
          method,
          headers: {
            Authorization: `Bearer ${await token(user)}`,
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
      },
      async nextMail(to: string, timeoutMs = 15_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          for (const file of readdirSync(mailDir).sort()) {
            if (readMails.has(file)) continue;
            const mail = JSON.parse(readFileSync(join(mailDir, file), 'utf8')) as E2eMail;
            if (mail.to.includes(to)) {
              readMails.add(file);
              return mail;
            }
          }
          if (Date.now() > deadline) {
            const seen = readdirSync(mailDir).length;
            throw new Error(`no mail to ${to} within ${timeoutMs} ms (${seen} mails in ${mailDir})`);
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
      async screenshot(page: Page, name: string) {
        await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
      },
    };
  });

  afterAll(async () => {
    await browser?.close();
  });

  return () => {
    if (!context) throw new Error('no console context: the browser or the console stack did not start');
    return context;
  };
}

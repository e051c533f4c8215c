/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The checks run inside the page (Playwright evaluate), where the DOM types apply.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import {
  CONSOLE_ADMIN,
  describeConsole,
  useConsole,
  type ConsoleContext,
  type ConsoleUser,
} from './support/console-browser';

type Scheme = 'light' | 'dark';

interface Size {
  width: number;
  height: number;
}

/** The two sizes every screen is read at: a laptop and a phone. */
const SIZES: readonly Size[] = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];
const SCHEMES: readonly Scheme[] = ['light', 'dark'];

/** Where full-page screenshots go when `WALK_SCREENSHOTS=<dir>` is set; none are taken without it. */
const SCREENSHOT_DIR = process.env.WALK_SCREENSHOTS;

/** Where the console keeps the chosen colour scheme (Mantine's local storage manager); it ignores the OS setting. */
const SCHEME_KEY = 'mantine-color-scheme-value';

interface Screen {
  name: string;
  /** Opens the screen on `page` and resolves once its content is there. */
  open(page: Page, c: ConsoleContext): Promise<void>;
}

interface InventoryAnswer {
  assets: Array<{ id: number }>;
}

/** Resolves once nothing on the page is still loading (spinners gone, no busy table), or after `timeoutMs`. */
async function settle(page: Page, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  await page
    .waitForFunction(
      () =>
        // Only what shows counts: a closed section (the alert dialog's History) may wait, unseen, to be opened.
        ![
          ...document.querySelectorAll('.mantine-Loader-root, [aria-busy="true"], .mantine-Skeleton-root'),
        ].some(
          (element) => element.getClientRects().length > 0 && element.getBoundingClientRect().height > 0,
        ),
      undefined,
      { timeout: timeoutMs, polling: 200 },
    )
    .catch(async () => {
      const busy = await page.evaluate(() =>
        [...document.querySelectorAll('.mantine-Loader-root, [aria-busy="true"], .mantine-Skeleton-root')]
          .map((element) => element.outerHTML.slice(0, 200))
          .join(' | '),
      );
      console.log(`SETTLE TIMEOUT ${page.url()}: ${busy}`);
    });
  if (process.env.WALK_DEBUG) console.log(`settle ${page.url()} ${Date.now() - started} ms`);
  // Charts measure their box and draw on the next frames; transitions run for up to 300 ms.
  await page.waitForTimeout(400);
}

async function heading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { name, exact: true }).first().waitFor({ timeout: 30_000 });
}

/** An asset of the demo network, waiting for the first uplinks to have made it appear. */
async function demoDeviceId(c: ConsoleContext): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await c
      .api<InventoryAnswer>('GET', 'inventory/list?asset_type=device&size=1')
      .catch(() => null);
    const first = answer?.body?.assets?.[0];
    if (first) return first.id;
    if (Date.now() > deadline) throw new Error('the demo network has no device yet');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Every signed-in screen of the console, as the issue walks them. */
function signedInScreens(deviceId: number, policyId: number): Screen[] {
  const at =
    (path: string, title: string, then?: (page: Page) => Promise<void>) =>
    async (page: Page, c: ConsoleContext) => {
      await page.goto(`${c.url}${path}`);
      await heading(page, title);
      if (then) await then(page);
    };
  return [
    {
      name: 'dashboard',
      open: at('/dashboard', 'DASHBOARD', (page) =>
        page.getByTestId('chart-messages-total').waitFor({ timeout: 60_000 }),
      ),
    },
    { name: 'current-issues', open: at('/dashboard/current_issues', 'CURRENT ISSUES') },
    {
      name: 'alerts',
      open: at('/dashboard/alerts_review', 'ALERTS', (page) =>
        page.getByTestId('alert-row').first().waitFor({ timeout: 60_000 }),
      ),
    },
    {
      name: 'alert-dialog',
      open: at('/dashboard/alerts_review', 'ALERTS', async (page) => {
        await page.getByTestId('alert-row').first().waitFor({ timeout: 60_000 });
        await page
          .getByRole('button', { name: /^Show details of alert / })
          .first()
          .click();
        await page.getByTestId('alert-dialog-title').waitFor();
      }),
    },
    { name: 'inventory', open: at('/dashboard/inventory', 'INVENTORY') },
    {
      name: 'asset-360',
      open: async (page, c) => {
        await page.goto(`${c.url}/dashboard/assets/device/${deviceId}/view`);
        await page.getByTestId('asset-header').waitFor({ timeout: 30_000 });
      },
    },
    {
      name: 'network-overview',
      open: at('/dashboard/resources_usage', 'NETWORK OVERVIEW', (page) =>
        page.getByTestId('network-row').first().waitFor({ timeout: 60_000 }),
      ),
    },
    { name: 'events-log', open: at('/dashboard/events_log', 'EVENTS LOG') },
    {
      name: 'notifications',
      open: at('/dashboard', 'DASHBOARD', async (page) => {
        await page
          .getByRole('button', { name: /^Notifications/ })
          .first()
          .click();
        await page.getByRole('dialog', { name: 'Notifications' }).waitFor();
      }),
    },
    { name: 'data-sources', open: at('/dashboard/data_collectors', 'DATA SOURCES') },
    { name: 'policies', open: at('/dashboard/policies', 'POLICIES') },
    {
      name: 'policy-edit',
      open: async (page, c) => {
        await page.goto(`${c.url}/dashboard/policies/${policyId}/edit`);
        // A regular user meets the 403 page here: it is walked like any other screen.
        await page.locator('h1').first().waitFor({ timeout: 30_000 });
        await settle(page);
      },
    },
    { name: 'events-manager', open: at('/dashboard/events_manager', 'EVENTS MANAGER') },
    {
      name: 'users',
      open: async (page, c) => {
        await page.goto(`${c.url}/dashboard/users`);
        await page.locator('h1').first().waitFor({ timeout: 30_000 });
      },
    },
  ];
}

function profileScreen(user: ConsoleUser): Screen {
  return {
    name: 'profile',
    open: async (page, c) => {
      await page.goto(`${c.url}/dashboard/profile/${user.username}`);
      await heading(page, 'USER PROFILE');
    },
  };
}

const PUBLIC_SCREENS: Screen[] = [
  {
    name: 'sign-in',
    open: async (page, c) => {
      await page.goto(`${c.url}/login`);
      await page.getByLabel('Username or email').waitFor();
    },
  },
  {
    name: 'register',
    open: async (page, c) => {
      await page.goto(`${c.url}/register`);
      await page.getByRole('button', { name: 'Register' }).waitFor();
    },
  },
  {
    name: 'recover',
    open: async (page, c) => {
      await page.goto(`${c.url}/recovery`);
      await page.locator('form').first().waitFor();
    },
  },
  {
    name: 'not-found',
    open: async (page, c) => {
      await page.goto(`${c.url}/no-such-page`);
      await page.getByRole('heading', { name: 'Not found' }).waitFor();
    },
  },
];

/**
 * The texts on the page that the browser draws cut: chart legend labels, badges, chips and table headers whose
 * text is wider than their box (with `text-overflow: ellipsis` or hidden overflow), and chart texts that end in
 * '…'. Only visible elements count.
 *
 * Left out on purpose: table cells (free text such as descriptions ellipsizes there, with the full text as a
 * tooltip), and the removable filter chips (`[data-testid="filter-chips"]`), which show 15 characters then '…'
 * with the full value as their title, as docs/console.md §9 asks.
 */
function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    };
    const excluded = (element: Element) => element.closest('[data-testid="filter-chips"]') !== null;
    const cut = (element: HTMLElement) => {
      const style = getComputedStyle(element);
      const clips = style.textOverflow === 'ellipsis' || style.overflowX !== 'visible';
      return clips && element.scrollWidth > element.clientWidth + 1;
    };
    const found = new Set<string>();
    const note = (kind: string, element: Element) =>
      found.add(`${kind}: "${(element.textContent ?? '').trim().slice(0, 60)}"`);

    const scopes: Array<[string, string]> = [
      ['legend', '[data-testid="chart-legend-label"], [data-testid="chart-legend"] *'],
      ['badge', '.mantine-Badge-root, .mantine-Badge-root *'],
      ['chip', '.mantine-Pill-root, .mantine-Pill-root *, .mantine-Chip-label, .mantine-Chip-label *'],
      ['table header', 'th, th *, [role="columnheader"], [role="columnheader"] *'],
    ];
    for (const [kind, selector] of scopes) {
      for (const element of document.querySelectorAll<HTMLElement>(selector)) {
        if (excluded(element) || !visible(element)) continue;
        const ownText = [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
        );
        if (!ownText) continue;
        if (cut(element) || (kind === 'legend' && (element.textContent ?? '').trim().endsWith('…')))
          note(kind, element);
      }
    }
    // Texts drawn inside charts (SVG): a label shortened to 'Devic…' is cut whatever its box says.
    for (const text of document.querySelectorAll('svg text')) {
      if (!excluded(text) && visible(text) && (text.textContent ?? '').trim().endsWith('…'))
        note('chart text', text);
    }
    return [...found];
  });
}

/** Chart texts drawn smaller than 8 px on screen (an SVG scaled down to fit a narrow box shrinks its text too). */
function tinyChartTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    for (const text of document.querySelectorAll<SVGTextElement>('svg text')) {
      const box = text.getBoundingClientRect();
      const matrix = text.getScreenCTM();
      if (box.width === 0 || !matrix || (text.textContent ?? '').trim() === '') continue;
      const drawn = parseFloat(getComputedStyle(text).fontSize) * Math.hypot(matrix.a, matrix.b);
      if (drawn < 8) found.add(`"${(text.textContent ?? '').trim().slice(0, 30)}" at ${drawn.toFixed(1)} px`);
    }
    return [...found].slice(0, 6);
  });
}

/**
 * Whether the page scrolls sideways at this width, and if so the visible elements that stick out past the
 * viewport (outside any box that scrolls or clips on its own, such as a wide table's scroll container).
 */
function sidewaysOverflow(page: Page): Promise<{ scrollWidth: number; culprits: string[] } | null> {
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    if (scroller.scrollWidth <= window.innerWidth + 1) return null;
    const clipsOwnContent = (element: Element | null): boolean => {
      for (let at = element?.parentElement ?? null; at && at !== document.body; at = at.parentElement) {
        const overflowX = getComputedStyle(at).overflowX;
        if (overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprits: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= window.innerWidth + 1 || clipsOwnContent(element)) continue;
      const testId = element.getAttribute('data-testid');
      const className = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
      culprits.push(
        `${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${className ? `.${className}` : ''} right=${Math.round(box.right)}`,
      );
      if (culprits.length >= 6) break;
    }
    return { scrollWidth: scroller.scrollWidth, culprits };
  });
}

/**
 * The controls (buttons, links, fields) that stick out past the right edge of the window, outside any box that
 * scrolls or clips on its own: a fixed header that overflows does not scroll the page, its controls are just gone.
 */
function controlsOutOfReach(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped = (element: Element): boolean => {
      for (let at = element.parentElement; at && at !== document.body; at = at.parentElement)
        if (getComputedStyle(at).overflowX !== 'visible') return true;
      return false;
    };
    const found: string[] = [];
    for (const element of document.querySelectorAll(
      'button, a[href], input, select, textarea, [role="button"]',
    )) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= window.innerWidth + 1) continue;
      if (getComputedStyle(element).visibility === 'hidden' || clipped(element)) continue;
      const name =
        element.getAttribute('aria-label') ??
        element.getAttribute('placeholder') ??
        (element.textContent ?? '').trim().slice(0, 40);
      found.push(`${element.tagName.toLowerCase()} "${name}" right=${Math.round(box.right)}`);
    }
    return found;
  });
}

async function useScheme(page: Page, c: ConsoleContext, scheme: Scheme): Promise<void> {
  if (!page.url().startsWith(c.url)) await page.goto(`${c.url}/login`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SCHEME_KEY, scheme]);
}

/**
 * Opens each screen in each colour scheme and reads it at each size; returns every problem found, each naming its
 * screen, size and scheme.
 */
async function walk(c: ConsoleContext, page: Page, prefix: string, screens: Screen[]): Promise<string[]> {
  const problems: string[] = [];
  if (SCREENSHOT_DIR) mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const scheme of SCHEMES) {
    await useScheme(page, c, scheme);
    for (const screen of screens) {
      await page.setViewportSize(SIZES[0]);
      const name = `${prefix}${screen.name}`;
      try {
        await screen.open(page, c);
      } catch (error) {
        problems.push(`${name} (${scheme}): did not open: ${(error as Error).message.split('\n')[0]}`);
        continue;
      }
      const shown = await page.evaluate(() =>
        document.documentElement.getAttribute('data-mantine-color-scheme'),
      );
      if (shown !== scheme) problems.push(`${name} (${scheme}): shown in the ${shown} colour scheme`);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await settle(page);
        const where = `${name} at ${size.width}x${size.height}, ${scheme}`;
        const cut = await cutTexts(page);
        if (cut.length > 0) problems.push(`${where}: cut texts: ${cut.join('; ')}`);
        const tiny = await tinyChartTexts(page);
        if (tiny.length > 0) problems.push(`${where}: chart texts too small to read: ${tiny.join(', ')}`);
        const outOfReach = await controlsOutOfReach(page);
        if (outOfReach.length > 0)
          problems.push(`${where}: controls past the right edge: ${outOfReach.join(', ')}`);
        if (size.width < 768) {
          const overflow = await sidewaysOverflow(page);
          if (overflow)
            problems.push(
              `${where}: the page scrolls sideways (${overflow.scrollWidth} px wide): ${overflow.culprits.join(', ')}`,
            );
        }
        if (SCREENSHOT_DIR)
          await page.screenshot({
            path: join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}-${scheme}.png`),
            fullPage: true,
          });
      }
    }
  }
  return problems;
}

/**
 * Issue 20 "Done when": every screen at 1440x900 and 390x844, in both colour schemes, as an administrator and as a
 * regular user, shows no cut legend label, badge or table header, and no sideways page scroll on a phone. With
 * `WALK_SCREENSHOTS=<dir>`, a full-page screenshot of each screen, size and scheme is saved there.
 */
describeConsole('console walk: every screen, both sizes, both colour schemes', () => {
  const ctx = useConsole();
  const PASSWORD = 'orbit-lantern-walk-7';

  /** A regular user of the operator's organization, activated through the mailed link, past the first login. */
  async function regularUser(c: ConsoleContext): Promise<ConsoleUser> {
    const username = `walk-${Date.now().toString(36)}`;
    const email = `${username}@example.com`;
    const created = await c.api('POST', 'register', {
      username,
      full_name: 'Walk Regular',
      email,
      user_roles: '1',
    });
    expect(created.status).toBe(200);
    const link = /https?:\/\/[^\s/]+\/activation\/([^\s]+)/.exec((await c.nextMail(email)).text);
    if (!link) throw new Error('no activation link in the mail');
    const activated = await fetch(`${c.url}/api/v1.0/create_password/${link[1]}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD, password2: PASSWORD }),
    });
    if (activated.status !== 200)
      throw new Error(`activation answered ${activated.status}: ${await activated.text()}`);
    const user = { username, password: PASSWORD };
    // Past the first login: the guided tour would otherwise open over the screens.
    expect((await c.api('PUT', `user/${username}`, { first_login: false }, user)).status).toBe(200);
    return user;
  }

  /** A policy of the organization that can be edited (the Default one cannot), cloned from the Default. */
  let policy: Promise<number> | null = null;
  function editablePolicy(c: ConsoleContext): Promise<number> {
    policy ??= (async () => {
      const cloned = await c.api<{ id: number }>('POST', 'policies?clone=1', {
        name: `Walk ${Date.now().toString(36)}`,
      });
      expect(cloned.status).toBe(201);
      return cloned.body.id;
    })();
    return policy;
  }

  afterAll(async () => {
    // The other test files share this server: leave its policy list as it was.
    if (policy) await ctx().api('DELETE', `policies/${await policy}`);
  });

  it('as an administrator', async () => {
    const c = ctx();
    const deviceId = await demoDeviceId(c);
    const policyId = await editablePolicy(c);
    const page = await c.signedInPage('/dashboard');
    const screens = [...signedInScreens(deviceId, policyId), profileScreen(CONSOLE_ADMIN)];
    expect(await walk(c, page, 'admin-', screens)).toEqual([]);
    await page.context().close();
  }, 300_000);

  it('as a regular user', async () => {
    const c = ctx();
    const deviceId = await demoDeviceId(c);
    const policyId = await editablePolicy(c);
    const user = await regularUser(c);
    const page = await c.signedInPage('/dashboard', user);
    const screens = [...signedInScreens(deviceId, policyId), profileScreen(user)];
    expect(await walk(c, page, 'user-', screens)).toEqual([]);
    await page.context().close();
  }, 300_000);

  it('on the public pages', async () => {
    const c = ctx();
    const page = await c.browser.newPage({ viewport: SIZES[0] });
    expect(await walk(c, page, '', PUBLIC_SCREENS)).toEqual([]);
    await page.context().close();
  }, 120_000);
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookBody } from '@lorawatch/notifications/domain/webhook-signature';
import { describeConsole, useConsole } from './support/console-browser';
import { waitFor } from './support/wait-for';

interface ReceivedCall {
  field: boolean;
  header: boolean;
  body: Record<string, unknown>;
}

/** A real HTTP receiver that checks both signatures of every call with the secret the operator typed. */
async function startReceiver(
  secret: string,
): Promise<{ url: string; calls: ReceivedCall[]; server: Server }> {
  const calls: ReceivedCall[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const header = request.headers['x-signature'];
      const verdict = verifyWebhookBody(raw, typeof header === 'string' ? header : undefined, secret);
      calls.push({ ...verdict, body: JSON.parse(raw) as Record<string, unknown> });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/lorawatch`, calls, server };
}

describeConsole('notifications in a real browser', () => {
  const ctx = useConsole();
  let receiver: Awaited<ReturnType<typeof startReceiver>> | null = null;

  afterAll(async () => {
    if (receiver) await new Promise((resolve) => receiver!.server.close(resolve));
  });

  it('sets preferences with a signed webhook and an extra email, then follows the activation link', async () => {
    const c = ctx();
    const secret = 'b4c1f0e2d7a9c3e8f1a2b3c4d5e6f708';
    receiver = await startReceiver(secret);
    const extraEmail = `night-${Date.now()}@example.com`;

    const page = await c.signedInPage('/dashboard/events_manager');
    await page.getByRole('heading', { name: 'EVENTS MANAGER' }).waitFor();
    await page.getByRole('button', { name: 'Triggers' }).click();
    const risks = page.getByRole('group', { name: 'Risks' });
    for (const risk of ['HIGH', 'MEDIUM', 'LOW', 'INFO'])
      await risks.getByRole('checkbox', { name: risk }).check();
    await page.getByRole('button', { name: 'Action' }).click();
    for (const name of ['Webhook notifications', 'Email notifications']) {
      // Mantine draws the switch over its input: click the drawn track, which is the input's label.
      const input = page.getByRole('switch', { name });
      await page
        .locator(`label[for="${await input.getAttribute('id')}"]`)
        .first()
        .click();
      expect(await input.isChecked()).toBe(true);
    }

    await page.getByLabel('Webhook URL').fill('not a url');
    await page.getByText('Enter a valid url.').waitFor();
    await page.getByLabel('Webhook URL').fill(receiver.url);
    await page.getByLabel('Secret').fill(secret);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByLabel('Add email').fill(extraEmail);
    await page.getByRole('button', { name: 'Add email' }).click();
    await c.screenshot(page, 'notifications-events-manager');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Done! Changes were saved, click to hide.').waitFor();

    // Saved and reloaded: the extra email waits for its activation link.
    const row = page.getByTestId('additional-destination').filter({ hasText: extraEmail });
    await row.getByRole('img', { name: 'Pending activation' }).waitFor();

    const mail = await c.nextMail(extraEmail, 30_000);
    const token = /notifications\/email_activation\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    const activation = await c.browser.newPage();
    await activation.goto(`${c.url}/notifications/email_activation/${token}`);
    await activation.getByTestId('activation-result').waitFor();
    expect(await activation.getByTestId('activation-result').innerText()).toBe(
      `The email ${extraEmail} has been activated successfully`,
    );
    await c.screenshot(activation, 'notifications-activation');
    await activation.reload();
    await activation.getByText('That email was activated previously').waitFor();
    await activation.goto(`${c.url}/notifications/email_activation/not-a-token`);
    await activation.getByText("This token doesn't exist or has expired").waitFor();
    await c.screenshot(activation, 'notifications-activation-expired');
    await activation.close();

    await page.reload();
    await page.getByRole('button', { name: 'Action' }).click();
    await row.getByRole('img', { name: 'Active' }).waitFor();
    await page.close();
  }, 120_000);

  it('receives signed webhook calls and reads, marks and deletes notifications from the bell', async () => {
    const c = ctx();
    if (!receiver) throw new Error('the webhook receiver was not started: the previous test failed');
    const calls = receiver.calls;
    const deadline = Date.now() + 90_000;
    while (calls.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => call.field && call.header)).toBe(true);

    const page = await c.signedInPage('/dashboard');
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor({ timeout: 60_000 });
    const unreadOf = async () =>
      Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]);
    await bell.click();
    const list = page.getByTestId('notifications-list');
    const items = list.getByTestId('notification-item');
    await items.first().waitFor();
    await c.screenshot(page, 'notifications-list');

    // Marking read is seen on the item itself (demo notifications keep arriving, so the count moves both ways).
    const firstUnread = list.locator('[data-testid="notification-item"][data-read="false"]').first();
    const markedId = await firstUnread.getAttribute('data-notification-id');
    expect(await unreadOf()).toBeGreaterThan(0);
    await firstUnread.getByRole('button', { name: /^Mark .* as read$/ }).click();
    const marked = list.locator(`[data-notification-id="${markedId}"]`);
    await waitFor(
      async () => ((await marked.getAttribute('data-read')) === 'true' ? true : null),
      15_000,
      'read',
    );

    await marked.getByRole('button', { name: /^Delete / }).click();
    await waitFor(
      async () => ((await marked.count()) === 0 ? true : null),
      15_000,
      'the deleted notification to go',
    );
    await page.close();
  }, 180_000);
});

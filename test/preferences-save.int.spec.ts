import { startApp, type Harness } from './support/app-harness';
import { callerTokens } from './support/callers';

type Destination = { destination: string; enabled: boolean; additional?: Array<Record<string, unknown>> };
type Preferences = { destinations: Destination[]; risks: Array<{ name: string; enabled: boolean }> } & Record<
  string,
  unknown
>;

/** Events Manager saves: lists of switched-off channels, and email on a server without a mail server. */
describe('saving notification preferences', () => {
  let harness: Harness;
  let admin: { Authorization: string };

  beforeAll(async () => {
    // No SMTP_URL: no mail server.
    harness = await startApp();
    admin = { Authorization: `Bearer ${(await callerTokens(harness)).admin}` };
  });
  afterAll(async () => {
    await harness?.close();
  });

  const url = '/api/v1.0/notifications/preferences';
  const read = async () => (await harness.http.get(url).set(admin).expect(200)).body as Preferences;
  const destination = (preferences: Preferences, name: string) =>
    preferences.destinations.find((entry) => entry.destination === name);
  const withDestinations = (base: Preferences, destinations: Destination[]): Preferences => ({
    ...base,
    destinations,
  });

  it('keeps the removal of a webhook URL made while the Webhook switch is off', async () => {
    const hook = { url: 'https://hooks.example.test/lorawatch', secret: 'whsec-1' };
    const base = await read();
    await harness.http
      .put(url)
      .set(admin)
      .send(withDestinations(base, [{ destination: 'webhook', enabled: true, additional: [hook] }]))
      .expect(200);
    const [stored] = destination(await read(), 'webhook')?.additional ?? [];
    expect(stored).toMatchObject({ url: hook.url });

    // Switched off, saved; then the URL removed while off, saved again.
    const off = withDestinations(await read(), [
      { destination: 'webhook', enabled: false, additional: [stored] },
    ]);
    await harness.http.put(url).set(admin).send(off).expect(200);
    expect(destination(await read(), 'webhook')).toMatchObject({
      enabled: false,
      additional: [{ url: hook.url }],
    });
    await harness.http
      .put(url)
      .set(admin)
      .send(withDestinations(await read(), [{ destination: 'webhook', enabled: false, additional: [] }]))
      .expect(200);
    expect(destination(await read(), 'webhook')).toMatchObject({ enabled: false, additional: [] });
  });

  it('saves every other change when email is switched on without a mail server, and says why email stays off', async () => {
    const base = await read();
    const response = await harness.http
      .put(url)
      .set(admin)
      .send({
        ...withDestinations(base, [
          { destination: 'email', enabled: true, additional: [{ email: 'ops@example.com', active: false }] },
          { destination: 'push', enabled: true },
        ]),
        risks: base.risks.map((risk) => ({ ...risk, enabled: risk.name !== 'info' })),
      });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      warning:
        'Email notifications cannot be enabled: no mail server is configured. Your other changes were saved.',
    });
    const saved = await read();
    expect(destination(saved, 'push')).toMatchObject({ enabled: true });
    expect(destination(saved, 'email')).toMatchObject({ enabled: false, additional: [] });
    expect(saved.risks.find((risk) => risk.name === 'info')).toEqual({ name: 'info', enabled: false });
  });
});

import { startApp, type Harness } from './support/app-harness';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './support/smtp-sink';

const API = '/api/v1.0';
const PASSWORD = 'quiet Lantern harbour 42';
const MAIL_SENT = { message: 'An email was sent to the account provided' };

function linkToken(mail: ReceivedMail, route: string, publicUrl: string): string {
  const match = new RegExp(`${publicUrl}/${route}/(\\S+)`).exec(mail.text);
  if (!match) throw new Error(`no ${route} link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
}

/**
 * Sign-up and user creation answer the same whether or not the name or the e-mail is taken (elsewhere): only the
 * mail tells, and it goes to the address given.
 */
describe('no account enumeration through sign-up and user creation', () => {
  let harness: Harness;
  let sink: SmtpSink;
  /** The administrator of a second organization, opened by sign-up. */
  let otherAdmin: string;
  let run = 0;
  const fresh = () => `fresh${++run}`;

  beforeAll(async () => {
    sink = await startSmtpSink();
    harness = await startApp({ SMTP_URL: sink.url, RATE_LIMIT_REGISTER: '0', RATE_LIMIT_LOGIN: '0' });
    await harness.http
      .post(`${API}/register`)
      .send({ username: 'second', full_name: 'Second Org', email: 'second@example.com' })
      .expect(200);
    const token = linkToken(await sink.next('second@example.com'), 'activation', harness.config.publicUrl);
    await harness.http.put(`${API}/create_password/${token}`).send({ password: PASSWORD }).expect(200);
    const login = await harness.http.post(`${API}/login`).send({ username: 'second', password: PASSWORD });
    otherAdmin = (login.body as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await harness.close();
    await sink.close();
  });

  /** The name and address of each case; "admin" and admin@example.com belong to the first organization. */
  const CASES: Array<
    [string, () => { username: string; email: string }, 'activation' | 'existing' | 'name']
  > = [
    [
      'a free name and a free e-mail',
      () => ({ username: fresh(), email: `${fresh()}@example.com` }),
      'activation',
    ],
    [
      'a taken name and a free e-mail',
      () => ({ username: 'admin', email: `${fresh()}@example.com` }),
      'name',
    ],
    ['a free name and a taken e-mail', () => ({ username: fresh(), email: 'admin@example.com' }), 'existing'],
    [
      'a taken name and a taken e-mail',
      () => ({ username: 'admin', email: 'admin@example.com' }),
      'existing',
    ],
    ['a name taken in other case', () => ({ username: 'ADMIN', email: `${fresh()}@example.com` }), 'name'],
  ];

  /** What the address given receives instead of, or as, the activation. */
  async function mailFor(email: string, expected: 'activation' | 'existing' | 'name'): Promise<void> {
    const mail = await sink.next(email);
    const texts = {
      activation: 'Choose your password here to activate it',
      existing: 'which already has an account',
      name: 'which is already in use',
    };
    expect(mail.text).toContain(texts[expected]);
  }

  it.each(CASES)('a visitor signing up with %s gets the same answer', async (_case, names, mail) => {
    const { username, email } = names();
    const response = await harness.http
      .post(`${API}/register`)
      .send({ username, full_name: 'Some One', email });
    expect({ status: response.status, body: response.body as unknown }).toEqual({
      status: 200,
      body: MAIL_SENT,
    });
    await mailFor(email, mail);
  });

  it.each(CASES)(
    'an administrator of another organization creating a user with %s gets the same answer',
    async (_case, names, mail) => {
      const { username, email } = names();
      const response = await harness.http
        .post(`${API}/register`)
        .set({ Authorization: `Bearer ${otherAdmin}` })
        .send({ username, full_name: 'Some One', email, user_roles: '1' });
      expect({ status: response.status, body: response.body as unknown }).toEqual({
        status: 200,
        body: MAIL_SENT,
      });
      await mailFor(email, mail);
    },
  );

  it('creates no account for a taken name or address', async () => {
    const users = await harness.http
      .get(`${API}/user`)
      .set({ Authorization: `Bearer ${otherAdmin}` })
      .expect(200);
    const names = (users.body as { users: Array<{ username: string; email: string }> }).users;
    expect(names.filter((user) => user.username === 'admin' || user.email === 'admin@example.com')).toEqual(
      [],
    );
  });

  it("keeps the spec's texts for a name or address taken inside the administrator's own organization", async () => {
    const own = await harness.adminToken();
    const create = (fields: Record<string, string>) =>
      harness.http
        .post(`${API}/register`)
        .set({ Authorization: `Bearer ${own}` })
        .send({ full_name: 'Some One', user_roles: '1', ...fields });
    expect(
      (await create({ username: 'Admin', email: `${fresh()}@example.com` }).expect(400)).body.message,
    ).toBe('User admin already exists');
    expect((await create({ username: fresh(), email: 'ADMIN@example.com' }).expect(400)).body.message).toBe(
      'Email admin@example.com is not available',
    );
  });
});

import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { freePort } from '../bench/support/free-port';
import { ADMIN_PASSWORD, startApp, type Harness } from './support/app-harness';
import { registerUser, USER_PASSWORD } from './support/callers';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './support/smtp-sink';

const API = '/api/v1.0';
const PASSWORD = 'quiet Lantern harbour 42';
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

function linkToken(mail: ReceivedMail, route: string, publicUrl: string): string {
  const match = new RegExp(`${publicUrl}/${route}/(\\S+)`).exec(mail.text);
  if (!match) throw new Error(`no ${route} link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
}

/**
 * A change of e-mail answers the same for a free address and for one of another organization's account: only the
 * mail, which goes to the address, tells the difference. Inside the caller's organization the spec's refusal stays.
 */
describe('no account enumeration through a change of e-mail', () => {
  let harness: Harness;
  let sink: SmtpSink;
  /** Signed-in tokens: the admins of the two organizations and a member of each. */
  const tokens = { first: '', second: '', firstmember: '', secondmember: '' };
  let run = 0;
  const fresh = () => `free${++run}@example.com`;

  /** Opens an account through a mailed activation link and signs it in. */
  async function activate(email: string, username: string): Promise<string> {
    const token = linkToken(await sink.next(email), 'activation', harness.config.publicUrl);
    await harness.http.put(`${API}/create_password/${token}`).send({ password: PASSWORD }).expect(200);
    const login = await harness.http.post(`${API}/login`).send({ username, password: PASSWORD }).expect(200);
    return (login.body as { access_token: string }).access_token;
  }

  async function invite(admin: string, username: string, email: string): Promise<string> {
    await harness.http
      .post(`${API}/register`)
      .set(auth(admin))
      .send({ username, full_name: 'Some One', email, user_roles: '1' })
      .expect(200);
    return activate(email, username);
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    harness = await startApp({ SMTP_URL: sink.url, RATE_LIMIT_REGISTER: '0', RATE_LIMIT_LOGIN: '0' });
    tokens.first = await harness.adminToken();
    await harness.http
      .post(`${API}/register`)
      .send({ username: 'second', full_name: 'Second Org', email: 'second@example.com' })
      .expect(200);
    tokens.second = await activate('second@example.com', 'second');
    tokens.firstmember = await invite(tokens.first, 'firstmember', 'firstmember@example.com');
    tokens.secondmember = await invite(tokens.second, 'secondmember', 'secondmember@example.com');
    // A sign-up waiting for its activation: it has no organization yet, so it is nobody's colleague.
    await harness.http
      .post(`${API}/register`)
      .send({ username: 'pending', full_name: 'Pending One', email: 'pending@example.com' })
      .expect(200);
    await sink.next('pending@example.com');
  });
  afterAll(async () => {
    await harness.close();
    await sink.close();
  });

  type Expected = 'free' | 'elsewhere' | 'own';
  /** Who asks (with the right password), for which address, and whose the address is. */
  const CASES: Array<[string, keyof typeof tokens, () => string, Expected]> = [
    ['a free address', 'second', fresh, 'free'],
    ["the first organization's admin address", 'second', () => 'admin@example.com', 'elsewhere'],
    ["a first organization's member address", 'second', () => 'firstmember@example.com', 'elsewhere'],
    ['an address in other case', 'second', () => 'FirstMember@Example.com', 'elsewhere'],
    ["a pending sign-up's address", 'second', () => 'pending@example.com', 'elsewhere'],
    [
      "the second organization's address, asked by the first",
      'first',
      () => 'second@example.com',
      'elsewhere',
    ],
    ["a colleague's address", 'second', () => 'secondmember@example.com', 'own'],
    ["a colleague's address, asked by the first", 'first', () => 'firstmember@example.com', 'own'],
  ];

  /** What the caller sees of a free address. */
  const FREE = { status: 200, body: { message: 'Email Request Sent Successfully' } };

  it.each(CASES)('%s (asked by %s)', async (_case, caller, address, expected) => {
    const email = address();
    const response = await harness.http
      .post(`${API}/change_email_request`)
      .set(auth(tokens[caller]))
      .send({ email, current_password: caller === 'first' ? ADMIN_PASSWORD : PASSWORD });
    const answer = { status: response.status, body: response.body as unknown };
    const lower = email.toLowerCase();
    if (expected === 'own') {
      expect(answer).toEqual({
        status: 400,
        body: { error: `Email ${lower} is not available`, message: `Email ${lower} is not available` },
      });
      return;
    }
    expect(answer).toEqual(FREE);
    const mail = await sink.next(lower);
    if (expected === 'free') {
      expect(mail.text).toContain('Confirm that this address should become the e-mail');
      expect(mail.text).toContain('/change_email_request/');
    } else {
      expect(mail.text).toContain('It already belongs to your');
      expect(mail.text).not.toContain('/change_email_request/');
    }
  });

  it('answers a wrong password the same for a free address and for one of another organization', async () => {
    const answers = [];
    for (const email of [fresh(), 'admin@example.com']) {
      const response = await harness.http
        .post(`${API}/change_email_request`)
        .set(auth(tokens.second))
        .send({ email, current_password: 'Wrong!pass9' });
      answers.push({ status: response.status, body: response.body as unknown });
    }
    expect(answers).toEqual([
      { status: 400, body: { error: 'Current password is wrong', message: 'Current password is wrong' } },
      { status: 400, body: { error: 'Current password is wrong', message: 'Current password is wrong' } },
    ]);
  });

  it('changes no account when the address belongs to another organization', async () => {
    const emails: Record<string, string> = {};
    for (const [name, token] of Object.entries(tokens)) {
      const own = await harness.http.get(`${API}/user_token`).set(auth(token)).expect(200);
      emails[name] = (own.body as { email: string }).email;
    }
    expect(emails).toEqual({
      first: 'admin@example.com',
      second: 'second@example.com',
      firstmember: 'firstmember@example.com',
      secondmember: 'secondmember@example.com',
    });
    // The owners still sign in with their addresses; nothing waits for a confirmation of a taken address.
    await harness.http
      .post(`${API}/login`)
      .send({ username: 'firstmember@example.com', password: PASSWORD })
      .expect(200);
    expect(sink.mails.filter((mail) => mail.text.includes('/change_email_request/'))).toEqual([]);
  });
});

/** Sign-in waits count a client by the rate limiter's buckets: IPv6 by its /64, IPv4-mapped IPv6 as IPv4. */
describe('sign-in waits per address bucket', () => {
  let harness: Harness;
  let nextUserId = 400;

  beforeAll(async () => {
    harness = await startApp({ RATE_LIMIT_LOGIN: '0', TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await harness.close();
  });

  const login = (username: string, password: string, from: string) =>
    harness.http.post(`${API}/login`).set('X-Forwarded-For', from).send({ username, password });

  // Five wrong passwords from the first address, then the right one from the second: refused while it waits.
  const CASES: Array<[string, string, 'waits' | 'signs in']> = [
    ['2001:db8:a:b::1', '2001:db8:a:b:ffff:ffff:ffff:fffe', 'waits'],
    ['2001:db8:a:b::1', '2001:DB8:A:B:0:0:0:2', 'waits'],
    ['2001:db8:a:b::1', '2001:db8:a:c::1', 'signs in'],
    ['::ffff:198.51.100.7', '198.51.100.7', 'waits'],
    ['198.51.100.7', '::ffff:198.51.100.7', 'waits'],
    ['198.51.100.7', '198.51.100.8', 'signs in'],
    ['198.51.100.7', '2001:db8:a:b::1', 'signs in'],
  ];

  it.each(CASES)('after five failures from %s, %s %s', async (failFrom, tryFrom, expected) => {
    const userId = nextUserId++;
    const username = `waiter${userId}`;
    await registerUser(harness, { userId, organizationId: 1, roles: [1], username });
    await harness.app.get<ReadModelSync>(READ_MODEL_SYNC).settled();
    for (let attempt = 1; attempt <= 5; attempt++)
      await login(username, `Wrong!pass${attempt}`, failFrom).expect(403);
    const response = await login(username, USER_PASSWORD, tryFrom);
    expect(response.status).toBe(expected === 'waits' ? 403 : 200);
    // The address that failed waits in every case.
    await login(username, USER_PASSWORD, failFrom).expect(403);
  });
});

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Texts only the server knows: they must never reach the caller. */
const SECRET = 'SECRET-internal-detail 10.1.2.3';

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** A server with one behaviour per path prefix (`/<mode>/api/v2/...`): the TTN v2 API or something else. */
const MODES: Record<string, Handler> = {
  'login-500': (_request, response) => json(response, 500, { error: SECRET }),
  'login-401': (_request, response) => json(response, 401, { error: SECRET }),
  'login-html': (_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end(`<html><body>${SECRET}</body></html>`);
  },
  'gateways-403': (request, response) =>
    request.url?.endsWith('/login')
      ? json(response, 200, { access_token: 'token-1' })
      : json(response, 403, { message: SECRET }),
  'gateways-502': (request, response) =>
    request.url?.endsWith('/login')
      ? json(response, 200, { access_token: 'token-1' })
      : json(response, 502, { message: SECRET }),
  'gateways-object': (request, response) =>
    request.url?.endsWith('/login')
      ? json(response, 200, { access_token: 'token-1' })
      : json(response, 200, { message: SECRET }),
};

/** The TTN v2 account sign-in tells why it failed in coarse words, never in the server's. */
describe('TTN v2 account sign-in errors', () => {
  let harness: Harness;
  let admin: string;
  let apiPort: number;
  let fake: http.Server;
  let fakeUrl: string;
  let banner: net.Server;
  let bannerUrl: string;
  const greeted = new Set<net.Socket>();
  let closedUrl: string;

  beforeAll(async () => {
    apiPort = await freePort();
    harness = await startApp({ PORT: String(apiPort) });
    admin = await harness.adminToken();
    fake = http.createServer((request, response) => {
      const mode = request.url?.split('/')[1] ?? '';
      (MODES[mode] ?? ((_r: IncomingMessage, res: ServerResponse) => json(res, 404, { error: SECRET })))(
        request,
        response,
      );
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    // Not an HTTP server at all: it greets with its own banner.
    banner = net.createServer((socket) => {
      greeted.add(socket);
      socket.on('close', () => greeted.delete(socket));
      socket.end(`SSH-2.0-${SECRET}\r\n`);
    });
    await new Promise<void>((resolve) => banner.listen(0, '127.0.0.1', resolve));
    bannerUrl = `http://127.0.0.1:${(banner.address() as AddressInfo).port}`;
    closedUrl = `http://127.0.0.1:${await freePort()}`;
  });
  afterAll(async () => {
    await harness.close();
    fake.closeAllConnections();
    await new Promise((resolve) => fake.close(resolve));
    for (const socket of greeted) socket.destroy();
    await new Promise((resolve) => banner.close(resolve));
  });

  /** What the server at the URL does → what the caller is told (400). */
  const CASES: Array<[string, string, () => string]> = [
    [
      'credentials refused at sign-in',
      'Login failed with provided credentials',
      () => `${fakeUrl}/login-401`,
    ],
    ['a server error at sign-in', 'The TTN server answered HTTP 500', () => `${fakeUrl}/login-500`],
    [
      'a web page instead of the API',
      'The TTN server gave an unexpected answer',
      () => `${fakeUrl}/login-html`,
    ],
    [
      'the token refused for the gateways',
      'The TTN server refused the credentials',
      () => `${fakeUrl}/gateways-403`,
    ],
    ['a proxy error for the gateways', 'The TTN server answered HTTP 502', () => `${fakeUrl}/gateways-502`],
    [
      'a gateway list that is no list',
      'The TTN server gave an unexpected answer',
      () => `${fakeUrl}/gateways-object`,
    ],
    ['a service that does not speak HTTP', 'The TTN server could not be reached', () => bannerUrl],
    ['a closed port', 'The TTN server could not be reached', () => closedUrl],
    ['a metadata address', 'The connection was refused by policy', () => 'http://169.254.169.254'],
    ["this server's own port", 'The connection was refused by policy', () => `http://127.0.0.1:${apiPort}`],
  ];

  it.each(CASES)('%s → 400 "%s"', async (_case, message, url) => {
    const response = await harness.http
      .post(`${API}/data_collectors/ttn_credentials`)
      .set(auth(admin))
      .send({ user: 'owner', password: 'S3cret!v2', ip: url() });
    expect({ status: response.status, body: response.body as unknown }).toEqual({
      status: 400,
      body: { error: message, message },
    });
    expect(JSON.stringify(response.body)).not.toContain('SECRET');
  });
});

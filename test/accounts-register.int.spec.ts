import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApp, type Harness } from './support/app-harness';

const API = '/api/v1.0';
const RECAPTCHA_SECRET = 'captcha-secret';

/** A real HTTP server speaking Google's siteverify protocol: only "human" tokens pass. */
async function startSiteverify(): Promise<{
  url: string;
  requests: URLSearchParams[];
  close(): Promise<void>;
}> {
  const requests: URLSearchParams[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push(form);
      const success = form.get('secret') === RECAPTCHA_SECRET && form.get('response') === 'human';
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('registration without a mail server, with reCAPTCHA', () => {
  let harness: Harness;
  let siteverify: Awaited<ReturnType<typeof startSiteverify>>;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const newUser = (fields: Record<string, unknown> = {}) => ({
    username: 'newcomer',
    full_name: 'New Comer',
    email: 'newcomer@example.com',
    recaptcha_token: 'human',
    ...fields,
  });

  beforeAll(async () => {
    siteverify = await startSiteverify();
    harness = await startApp({
      RECAPTCHA_SECRET,
      RECAPTCHA_VERIFY_URL: siteverify.url,
      RATE_LIMIT_REGISTER: '0',
    });
  });
  afterAll(async () => {
    await harness.close();
    await siteverify.close();
  });

  it('checks the captcha of a self sign-up against siteverify', async () => {
    const missing = await harness.http
      .post(`${API}/register`)
      .send(newUser({ recaptcha_token: undefined }))
      .expect(400);
    expect(missing.body.message).toBe('Missing recaptcha token in request');
    const robot = await harness.http
      .post(`${API}/register`)
      .send(newUser({ recaptcha_token: 'robot' }))
      .expect(400);
    expect(robot.body.message).toBe('Invalid recaptcha token');
    expect(siteverify.requests.at(-1)?.get('response')).toBe('robot');
    expect(siteverify.requests.at(-1)?.get('remoteip')).toBeTruthy();
  });

  it('says a self sign-up needs an admin when no mail server is configured, and creates nothing', async () => {
    const response = await harness.http.post(`${API}/register`).send(newUser()).expect(400);
    expect(response.body.message).toBe(
      'Something went wrong trying to send activation: Activation mail not sent because there is no SMTP server configured.',
    );
    const admin = await harness.adminToken();
    const users = await harness.http.get(`${API}/user`).set(auth(admin)).expect(200);
    expect(users.body.users.map((user: { username: string }) => user.username)).toEqual(['admin']);
  });

  it('lets an admin create an active user with a one-time password, which signs in', async () => {
    const admin = await harness.adminToken();
    const created = await harness.http
      .post(`${API}/register`)
      .set(auth(admin))
      .send({ username: 'helper', full_name: 'Help Er', email: 'helper@example.com', user_roles: '2' })
      .expect(200);
    const match = /The password is "([^"]+)"/.exec(created.body.message as string);
    expect(match).not.toBeNull();
    const other = await harness.http
      .post(`${API}/register`)
      .set(auth(admin))
      .send({ username: 'helper2', full_name: 'Help Er', email: 'helper2@example.com', user_roles: '1' })
      .expect(200);
    // Each user gets its own password, never a fixed one.
    expect(other.body.message).not.toBe(created.body.message);
    const login = await harness.http
      .post(`${API}/login`)
      .send({ username: 'helper', password: match![1] })
      .expect(200);
    const own = await harness.http.get(`${API}/user_token`).set(auth(login.body.access_token)).expect(200);
    expect(own.body).toMatchObject({ organization_id: 1, user_roles: [2], active: true });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a username with a space', { username: 'new comer' }, 'User new comer is not valid'],
    ['a short username', { username: 'nc' }, 'User nc is not valid'],
    ['a username with symbols', { username: 'new!comer' }, 'User new!comer is not valid'],
    // A taken name is not told to a visitor (the mail would tell the address given): here there is no mail server.
    [
      'a username in use',
      { username: 'ADMIN' },
      'Something went wrong trying to send activation: Activation mail not sent because there is no SMTP server configured.',
    ],
    [
      'a long full name',
      { full_name: 'x'.repeat(65) },
      'Full name is too long. Please enter a maximum of 64 characters.',
    ],
    ['a bad e-mail', { email: 'newcomer.example.com' }, 'Email newcomer.example.com is not valid'],
    [
      'a long e-mail',
      { email: `${'a'.repeat(320)}@example.com` },
      'Email is too long. Please enter a maximum of 320 characters.',
    ],
    ['a bad phone', { phone: '12345' }, 'Phone 12345 is not valid'],
    ['no username', { username: undefined }, 'You have to enter a username'],
    ['no full name', { full_name: undefined }, 'You have to enter a full name'],
    ['no e-mail', { email: undefined }, 'You have to enter an email'],
    ['an unknown field', { password: 'Abcdef1!' }, 'Unknown field: password'],
  ])('refuses %s with its message', async (_case, fields, message) => {
    const response = await harness.http.post(`${API}/register`).send(newUser(fields)).expect(400);
    expect(response.body.message).toBe(message);
  });

  it.each<[string, unknown, string]>([
    ['no role', undefined, 'Missing user_roles attribute.'],
    ['two roles', [1, 2], 'Cannot assign more than one role'],
    ['the system role', '9', 'Cannot assign this user role'],
  ])('refuses an admin creation with %s', async (_case, roles, message) => {
    const admin = await harness.adminToken();
    const response = await harness.http
      .post(`${API}/register`)
      .set(auth(admin))
      .send({ username: 'rolecase', full_name: 'R', email: 'rolecase@example.com', user_roles: roles })
      .expect(400);
    expect(response.body.message).toBe(message);
  });

  it('refuses an admin creation with an e-mail in use', async () => {
    const admin = await harness.adminToken();
    const response = await harness.http
      .post(`${API}/register`)
      .set(auth(admin))
      .send({ username: 'dup', full_name: 'D', email: 'Admin@example.com', user_roles: '1' })
      .expect(400);
    expect(response.body.message).toBe('Email admin@example.com is not available');
  });

  it('refuses a recovery with a bad captcha, and answers a good one', async () => {
    const bad = await harness.http
      .put(`${API}/password_recovery`)
      .send({ email: 'admin', recaptcha_token: 'robot' })
      .expect(400);
    expect(bad.body.message).toBe('Got bad recaptcha token while triying to recover password');
    await harness.http.put(`${API}/password_recovery`).send({ email: 'admin' }).expect(400);
    await harness.http
      .put(`${API}/password_recovery`)
      .send({ email: 'admin', recaptcha_token: 'human' })
      .expect(200);
  });
});

describe('rate limits per client address', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startApp({
      RATE_LIMIT_LOGIN: '3',
      RATE_LIMIT_REGISTER: '2',
      RATE_LIMIT_PASSWORD_RECOVERY: '2',
      RATE_LIMIT_WINDOW_SECONDS: '3600',
    });
  });
  afterAll(async () => harness.close());

  it('answers 429 with a message and Retry-After past the limit of sign-ins', async () => {
    for (let attempt = 0; attempt < 3; attempt++)
      await harness.http.post(`${API}/login`).send({ username: 'nobody', password: 'x' }).expect(403);
    const limited = await harness.http
      .post(`${API}/login`)
      .send({ username: 'admin', password: 'x' })
      .expect(429);
    expect(limited.body.message).toBe('Too many requests. Please wait a moment and try again.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits sign-ups and recoveries separately', async () => {
    const signUp = { username: 'abc', full_name: 'A', email: 'a@example.com', recaptcha_token: 'p' };
    for (let attempt = 0; attempt < 2; attempt++)
      await harness.http.post(`${API}/register`).send(signUp).expect(400);
    await harness.http.post(`${API}/register`).send(signUp).expect(429);
    for (let attempt = 0; attempt < 2; attempt++)
      await harness.http.put(`${API}/password_recovery`).send({ email: 'admin' }).expect(200);
    await harness.http.put(`${API}/password_recovery`).send({ email: 'admin' }).expect(429);
  });
});

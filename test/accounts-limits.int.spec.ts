import { startApp, type Harness } from './support/app-harness';

const API = '/api/v1.0';
const LIMIT = 3;
const LIMITS = {
  RATE_LIMIT_LOGIN: String(LIMIT),
  RATE_LIMIT_PASSWORD_RECOVERY: String(LIMIT),
  RATE_LIMIT_WINDOW_SECONDS: '3600',
};

/** One request of a row: the client address a proxy reports, and the account the body names. */
interface Attempt {
  from: string;
  account: string;
  route?: 'login' | 'recovery';
}

/**
 * Rate limits count per client address and per account; the address is the one a trusted proxy (TRUST_PROXY)
 * reports, IPv6 by its /64, IPv4-mapped IPv6 as IPv4. Each row uses addresses and accounts of its own, so that rows
 * do not share buckets.
 */
describe('rate limits per address and per account', () => {
  let behindProxy: Harness;
  let direct: Harness;

  beforeAll(async () => {
    behindProxy = await startApp({ ...LIMITS, TRUST_PROXY: 'loopback' });
    direct = await startApp(LIMITS);
  });
  afterAll(async () => {
    await behindProxy?.close();
    await direct?.close();
  });

  const send = (harness: Harness, { from, account, route = 'login' }: Attempt) =>
    route === 'login'
      ? harness.http
          .post(`${API}/login`)
          .set('X-Forwarded-For', from)
          .send({ username: account, password: 'Wrong!pass1' })
      : harness.http.put(`${API}/password_recovery`).set('X-Forwarded-For', from).send({ email: account });

  const spread = (count: number, from: (index: number) => string, account: (index: number) => string) =>
    Array.from({ length: count }, (_unused, index) => ({ from: from(index), account: account(index) }));

  // Label → the server (behind a trusted proxy or not), the attempts in order, and the status each gets.
  const ROWS: Array<[string, () => Harness, Attempt[], number[]]> = [
    [
      'one account from many addresses is limited by the account',
      () => behindProxy,
      [
        ...spread(
          LIMIT,
          (index) => `203.0.113.${index + 1}`,
          () => 'victim',
        ),
        { from: '203.0.113.9', account: 'victim' },
        { from: '203.0.113.9', account: 'bystander' },
      ],
      [403, 403, 403, 429, 403],
    ],
    [
      'one account from many addresses is limited on recovery too',
      () => behindProxy,
      [
        ...spread(
          LIMIT,
          (index) => `198.18.0.${index + 1}`,
          () => 'recovered',
        ).map((attempt): Attempt => ({ ...attempt, route: 'recovery' })),
        { from: '198.18.0.9', account: 'recovered', route: 'recovery' },
      ],
      [200, 200, 200, 429],
    ],
    [
      'addresses of one IPv6 /64 share a bucket, the next /64 has its own',
      () => behindProxy,
      [
        ...spread(
          LIMIT,
          (index) => `2001:db8:1:2::${index + 1}`,
          (index) => `six${index}`,
        ),
        { from: '2001:db8:1:2:ffff:ffff:ffff:ffff', account: 'six9' },
        { from: '2001:db8:1:3::1', account: 'six10' },
      ],
      [403, 403, 403, 429, 403],
    ],
    [
      'an IPv4-mapped IPv6 address is its IPv4 address',
      () => behindProxy,
      [
        ...spread(
          LIMIT,
          (index) => (index % 2 === 0 ? '198.51.100.7' : '::ffff:198.51.100.7'),
          (index) => `mapped${index}`,
        ),
        { from: '::ffff:198.51.100.7', account: 'mapped9' },
      ],
      [403, 403, 403, 429],
    ],
    [
      'with TRUST_PROXY, X-Forwarded-For names the client',
      () => behindProxy,
      spread(
        LIMIT + 2,
        (index) => `192.0.2.${index + 1}`,
        (index) => `forwarded${index}`,
      ),
      [403, 403, 403, 403, 403],
    ],
    [
      'without TRUST_PROXY, X-Forwarded-For is ignored: the peer is the client',
      () => direct,
      spread(
        LIMIT + 1,
        (index) => `192.0.2.${index + 1}`,
        (index) => `direct${index}`,
      ),
      [403, 403, 403, 429],
    ],
  ];

  it.each(ROWS)('%s', async (_label, server, attempts, expected) => {
    const statuses: number[] = [];
    for (const attempt of attempts) statuses.push((await send(server(), attempt)).status);
    expect(statuses).toEqual(expected);
  });

  it('answers 429 with the message and a Retry-After', async () => {
    for (let attempt = 0; attempt < LIMIT; attempt++)
      await send(behindProxy, { from: `100.64.0.${attempt + 1}`, account: 'patient' });
    const limited = await send(behindProxy, { from: '100.64.0.9', account: 'patient' }).expect(429);
    expect(limited.body).toEqual({
      error: 'Too many requests. Please wait a moment and try again.',
      message: 'Too many requests. Please wait a moment and try again.',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

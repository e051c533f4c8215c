import { accountKey, addressKey } from './rate-limiter';

describe('rate-limit buckets', () => {
  // Client address → its bucket.
  const ADDRESSES: Array<[string | undefined, string]> = [
    ['203.0.113.5', 'address:203.0.113.5'],
    ['::ffff:203.0.113.5', 'address:203.0.113.5'],
    ['2001:db8:1:2::1', 'address:2001:db8:1:2::/64'],
    ['2001:db8:1:2:abcd:ef01:2345:6789', 'address:2001:db8:1:2::/64'],
    ['2001:DB8:1:3::1', 'address:2001:db8:1:3::/64'],
    ['::1', 'address:::1'],
    [undefined, 'address:unknown'],
  ];
  it.each(ADDRESSES)('the address %p counts in %p', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  // What the request says → the account it counts against.
  const ACCOUNTS: Array<[string, { ip?: string; body?: unknown; user?: unknown }, string]> = [
    ['a signed-in user', { ip: '203.0.113.5', body: { username: 'x' }, user: { userId: 7 } }, 'user:7'],
    [
      'a username (trimmed, any case)',
      { ip: '203.0.113.5', body: { username: ' Jane.Doe ' } },
      'account:jane.doe',
    ],
    [
      'a recovery by e-mail',
      { ip: '203.0.113.5', body: { email: 'Jane@Example.com' } },
      'account:jane@example.com',
    ],
    ['no name: the address', { ip: '203.0.113.5', body: { password: 'x' } }, 'address:203.0.113.5'],
    [
      'a name that is not text: the address',
      { ip: '203.0.113.5', body: { username: 42 } },
      'address:203.0.113.5',
    ],
    ['no body: the address', { ip: '2001:db8::1', body: undefined }, 'address:2001:db8::/64'],
  ];
  it.each(ACCOUNTS)('%s', (_label, request, key) => {
    expect(accountKey(request)).toBe(key);
  });
});

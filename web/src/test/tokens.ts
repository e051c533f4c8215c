const base64Url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export interface TestTokenOptions {
  username?: string;
  roles?: number[];
  organizationId?: number;
  /** Seconds since the epoch. */
  issuedAt?: number;
  lifetimeS?: number;
}

/** An unsigned access token with the claims the console reads (the console never verifies signatures). */
export function makeAccessToken({
  username = 'alice',
  roles = [1],
  organizationId = 7,
  issuedAt = Math.floor(Date.now() / 1000),
  lifetimeS = 3600,
}: TestTokenOptions = {}): string {
  const payload = {
    identity: username,
    type: 'access',
    fresh: false,
    jti: `jti-${username}-${issuedAt}-${Math.random()}`,
    iat: issuedAt,
    nbf: issuedAt,
    exp: issuedAt + lifetimeS,
    user_claims: { user_roles_id: roles, organization_id: organizationId },
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(payload)}.signature`;
}

/** Stores a session the way a previous login would have. */
export function storeSession(options: TestTokenOptions = {}, refreshToken = 'refresh-1'): string {
  const accessToken = makeAccessToken(options);
  window.localStorage.setItem('token', accessToken);
  window.localStorage.setItem('refresh_token', refreshToken);
  window.localStorage.setItem('username', options.username ?? 'alice');
  return accessToken;
}

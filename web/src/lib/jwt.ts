/** The claims the console reads from a flask-jwt-extended style access token. */
export interface AccessTokenClaims {
  identity: string;
  /** Seconds since the epoch. */
  exp: number;
  iat?: number;
  user_claims?: {
    user_roles_id?: number[];
    organization_id?: number;
  };
}

export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(`Invalid access token: ${reason}`);
    this.name = 'InvalidTokenError';
  }
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the payload of a JWT without verifying it: the server verifies, the console only displays. */
export function decodeJwtPayload(token: string): unknown {
  const segments = token.split('.');
  if (segments.length !== 3) throw new InvalidTokenError('not a JWT');
  try {
    return JSON.parse(base64UrlDecode(segments[1]));
  } catch {
    throw new InvalidTokenError('unreadable payload');
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readAccessTokenClaims(token: string): AccessTokenClaims {
  const payload = decodeJwtPayload(token);
  if (!isRecord(payload)) throw new InvalidTokenError('payload is not an object');
  const { identity, exp, iat, user_claims: userClaims } = payload;
  if (typeof identity !== 'string' || identity === '') throw new InvalidTokenError('no identity');
  if (typeof exp !== 'number') throw new InvalidTokenError('no exp');
  const claims: AccessTokenClaims = { identity, exp };
  if (typeof iat === 'number') claims.iat = iat;
  if (isRecord(userClaims)) {
    const roles = userClaims.user_roles_id;
    const organizationId = userClaims.organization_id;
    claims.user_claims = {
      user_roles_id: Array.isArray(roles)
        ? roles.filter((role): role is number => typeof role === 'number')
        : [],
      organization_id: typeof organizationId === 'number' ? organizationId : undefined,
    };
  }
  return claims;
}

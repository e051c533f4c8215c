import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';

/** Claims follow the original console's contract (docs/api.md §1.2): `identity` and `user_claims`. */
export interface AccessClaims {
  identity: string;
  sub: string;
  type: 'access';
  fresh: boolean;
  jti: string;
  /** The sign-in (refresh-token family) this token belongs to, and when it started (ISO time). */
  sid?: string;
  sst?: string;
  /** Informative only: the guard reads roles and organization from the stored user. */
  user_claims: { user_roles_id: number[]; organization_id: number };
  exp?: number;
}

export interface RefreshClaims {
  identity: string;
  sub: string;
  type: 'refresh';
  jti: string;
  /** Refresh-token family (one sign-in) and when it started (ISO time). */
  fam: string;
  sst?: string;
  exp?: number;
}

/** One sign-in: its refresh-token family and its start. */
export interface SessionRef {
  familyId: string;
  startedAt: string;
}

export interface AuthUser {
  userId: number;
  username: string;
  organizationId: number;
  roles: number[];
}

const ALGORITHM = 'HS256';

@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  accessToken(user: AuthUser, session?: SessionRef): string {
    const claims: AccessClaims = {
      identity: user.username,
      sub: String(user.userId),
      type: 'access',
      fresh: false,
      jti: randomUUID(),
      ...(session ? { sid: session.familyId, sst: session.startedAt } : {}),
      user_claims: { user_roles_id: user.roles, organization_id: user.organizationId },
    };
    return this.jwt.sign(claims, { expiresIn: this.config.accessTokenSeconds, algorithm: ALGORITHM });
  }

  /** `expiresIn` defaults to REFRESH_TOKEN_SECONDS; rotations pass what is left of the sign-in's lifetime. */
  refreshToken(
    user: AuthUser,
    session: SessionRef,
    tokenId: string,
    expiresIn = this.config.refreshTokenSeconds,
  ): string {
    const claims: RefreshClaims = {
      identity: user.username,
      sub: String(user.userId),
      type: 'refresh',
      jti: tokenId,
      fam: session.familyId,
      sst: session.startedAt,
    };
    return this.jwt.sign(claims, { expiresIn, algorithm: ALGORITHM });
  }

  /** Throws TokenError with the contract's messages. Only HS256, and only tokens that expire. */
  verify<T extends AccessClaims | RefreshClaims>(token: string, type: T['type']): T {
    let claims: T;
    try {
      claims = this.jwt.verify<T>(token, { algorithms: [ALGORITHM] });
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      throw new TokenError(
        name === 'TokenExpiredError' ? 'Token has expired' : 'Invalid token',
        name === 'TokenExpiredError',
      );
    }
    this.checkShape(claims, type);
    return claims;
  }

  /** Claims of a verified signature: they must expire, be of the expected kind and name their user and id. */
  checkShape(claims: AccessClaims | RefreshClaims, type: (AccessClaims | RefreshClaims)['type']): void {
    if (typeof claims.exp !== 'number' || typeof claims.sub !== 'string' || typeof claims.jti !== 'string')
      throw new TokenError('Invalid token', false);
    if (claims.type !== type) throw new TokenError(`Only ${type} tokens are allowed`, false);
  }
}

export class TokenError extends Error {
  constructor(
    message: string,
    readonly expired: boolean,
  ) {
    super(message);
  }
}

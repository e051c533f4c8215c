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
  user_claims: { user_roles_id: number[]; organization_id: number };
}

export interface RefreshClaims {
  identity: string;
  sub: string;
  type: 'refresh';
  jti: string;
  /** Refresh-token family (one sign-in). */
  fam: string;
}

export interface AuthUser {
  userId: number;
  username: string;
  organizationId: number;
  roles: number[];
}

@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  accessToken(user: AuthUser): string {
    const claims: AccessClaims = {
      identity: user.username,
      sub: String(user.userId),
      type: 'access',
      fresh: false,
      jti: randomUUID(),
      user_claims: { user_roles_id: user.roles, organization_id: user.organizationId },
    };
    return this.jwt.sign(claims, { expiresIn: this.config.accessTokenSeconds });
  }

  refreshToken(user: AuthUser, familyId: string, tokenId: string): string {
    const claims: RefreshClaims = {
      identity: user.username,
      sub: String(user.userId),
      type: 'refresh',
      jti: tokenId,
      fam: familyId,
    };
    return this.jwt.sign(claims, { expiresIn: this.config.refreshTokenSeconds });
  }

  /** Throws TokenError with the contract's messages. */
  verify<T extends AccessClaims | RefreshClaims>(token: string, type: T['type']): T {
    let claims: T;
    try {
      claims = this.jwt.verify<T>(token);
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      throw new TokenError(
        name === 'TokenExpiredError' ? 'Token has expired' : 'Invalid token',
        name === 'TokenExpiredError',
      );
    }
    if (claims.type !== type) throw new TokenError(`Only ${type} tokens are allowed`, false);
    return claims;
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

export function authUserFromClaims(claims: AccessClaims): AuthUser {
  return {
    userId: Number(claims.sub),
    username: claims.identity,
    organizationId: claims.user_claims.organization_id,
    roles: claims.user_claims.user_roles_id,
  };
}

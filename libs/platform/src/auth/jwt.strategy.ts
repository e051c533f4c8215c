import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { AccessCheck } from './access-check';
import type { AccessClaims, AuthUser } from './token.service';

/** The name the guard asks passport for. */
export const JWT_STRATEGY = 'jwt';

/** The request once authenticated: the stored user, and the claims of its access token (id, expiry). */
export type AuthedRequest = Request & { user?: AuthUser | null; accessClaims?: AccessClaims };

/** `Authorization: Bearer <token>` (scheme in any case), or null. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/**
 * passport-jwt verifies the signature (HS256 only) and the expiry; `validate` then runs the access check of the
 * store, so the caller's roles and organization are those of the stored user and ended sessions are refused.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly access: AccessCheck,
  ) {
    super({
      jwtFromRequest: bearerToken,
      secretOrKey: config.jwtSecret,
      algorithms: ['HS256'],
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  /** Throws TokenError (the contract's message) when the store refuses the token. */
  async validate(request: AuthedRequest, claims: AccessClaims): Promise<AuthUser> {
    const { user } = await this.access.admit(claims);
    request.accessClaims = claims;
    return user;
  }
}

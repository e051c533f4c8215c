import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  SetMetadata,
  UnauthorizedException,
  createParamDecorator,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { ROLE_ADMIN } from '../domain/account.events';
import {
  REVOKED_ACCESS_TOKENS,
  USERS,
  type RevokedAccessToken,
  type UserView,
} from '../projection/user.view';
import {
  type AccessClaims,
  type AuthUser,
  TokenError,
  TokenService,
  authUserFromClaims,
} from './token.service';

const PUBLIC = 'lorawatch:public';
const OPTIONAL_AUTH = 'lorawatch:optional-auth';
const ADMIN_ONLY = 'lorawatch:admin-only';

/** Routes reachable without a token (login, health, ...). */
export const Public = () => SetMetadata(PUBLIC, true);
/** Routes open to everyone that behave differently for a signed-in caller (register); a bad token is still 401. */
export const OptionalAuth = () => SetMetadata(OPTIONAL_AUTH, true);
/** Routes reserved to the organization's administrators (role 2). */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);

type AuthedRequest = Request & { user?: AuthUser; accessClaims?: AccessClaims & { exp?: number } };

export function bearerToken(request: Request): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

const unauthorized = (message: string) => new UnauthorizedException({ msg: message, message });

/**
 * Global guard: every route needs a valid access token unless marked @Public(). Signed-out tokens and tokens of
 * deleted users are refused until they expire.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const token = bearerToken(request);
    if (!token) {
      if (this.reflector.getAllAndOverride<boolean>(OPTIONAL_AUTH, targets)) return true;
      throw unauthorized('Missing Authorization Header');
    }
    let claims: AccessClaims;
    try {
      claims = this.tokens.verify<AccessClaims>(token, 'access');
    } catch (error) {
      throw unauthorized(error instanceof TokenError ? error.message : 'Invalid token');
    }
    if (await this.revoked(claims)) throw unauthorized('Token has been revoked');
    request.user = authUserFromClaims(claims);
    request.accessClaims = claims;
    if (
      this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets) &&
      !request.user.roles.includes(ROLE_ADMIN)
    ) {
      throw new ForbiddenException({ error: 'forbidden access', message: 'Forbidden' });
    }
    return true;
  }

  private async revoked(claims: AccessClaims): Promise<boolean> {
    const [entry, user] = await Promise.all([
      this.store.collection<RevokedAccessToken>(REVOKED_ACCESS_TOKENS).get(claims.jti),
      this.store.collection<UserView>(USERS).get(claims.sub),
    ]);
    return entry !== null || user?.deleted === true;
  }
}

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const user = context.switchToHttp().getRequest<AuthedRequest>().user;
  if (!user) throw new UnauthorizedException();
  return user;
});

/** The caller when a token was given on an @OptionalAuth() route, else null. */
export const OptionalUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser | null =>
    context.switchToHttp().getRequest<AuthedRequest>().user ?? null,
);

/** The verified claims of the access token (its id and expiry, for signing out). */
export const CurrentClaims = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AccessClaims & { exp?: number } => {
    const claims = context.switchToHttp().getRequest<AuthedRequest>().accessClaims;
    if (!claims) throw new UnauthorizedException();
    return claims;
  },
);

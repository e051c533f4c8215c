import {
  type CanActivate,
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  SetMetadata,
  UnauthorizedException,
  createParamDecorator,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ROLE_ADMIN } from '../domain/account.events';
import { AccessCheck, type Authenticated } from './access-check';
import { type AccessClaims, type AuthUser, TokenError } from './token.service';

const PUBLIC = 'lorawatch:public';
const OPTIONAL_AUTH = 'lorawatch:optional-auth';
const ADMIN_ONLY = 'lorawatch:admin-only';

/** Routes reachable without a token (login, health, ...). */
export const Public = () => SetMetadata(PUBLIC, true);
/** Routes open to everyone that behave differently for a signed-in caller (register); a bad token is still 401. */
export const OptionalAuth = () => SetMetadata(OPTIONAL_AUTH, true);
/** Routes reserved to the organization's administrators (role 2). */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);

type AuthedRequest = Request & { user?: AuthUser; accessClaims?: AccessClaims };

export function bearerToken(request: Request): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

const unauthorized = (message: string) => new UnauthorizedException({ msg: message, message });

/**
 * Global guard: every route needs a valid access token unless marked @Public(). The token is checked by
 * AccessCheck (signed-out tokens, deleted or blocked users, ended sessions are refused); the caller's roles and
 * organization are those of the stored user.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly access: AccessCheck,
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
    let authenticated: Authenticated;
    try {
      authenticated = await this.access.authenticate(token);
    } catch (error) {
      if (error instanceof TokenError) throw unauthorized(error.message);
      throw error;
    }
    request.user = authenticated.user;
    request.accessClaims = authenticated.claims;
    if (
      this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets) &&
      !request.user.roles.includes(ROLE_ADMIN)
    ) {
      throw new ForbiddenException({ error: 'forbidden access', message: 'Forbidden' });
    }
    return true;
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
  (_data: unknown, context: ExecutionContext): AccessClaims => {
    const claims = context.switchToHttp().getRequest<AuthedRequest>().accessClaims;
    if (!claims) throw new UnauthorizedException();
    return claims;
  },
);

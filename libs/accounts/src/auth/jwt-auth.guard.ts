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
import {
  type AccessClaims,
  type AuthUser,
  TokenError,
  TokenService,
  authUserFromClaims,
} from './token.service';

const PUBLIC = 'lorawatch:public';
const ADMIN_ONLY = 'lorawatch:admin-only';

/** Routes reachable without a token (login, health, ...). */
export const Public = () => SetMetadata(PUBLIC, true);
/** Routes reserved to the organization's administrators (role 2). */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);

type AuthedRequest = Request & { user?: AuthUser };

export function bearerToken(request: Request): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Global guard: every route needs a valid access token unless marked @Public(). */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const token = bearerToken(request);
    if (!token)
      throw new UnauthorizedException({
        msg: 'Missing Authorization Header',
        message: 'Missing Authorization Header',
      });
    try {
      request.user = authUserFromClaims(this.tokens.verify<AccessClaims>(token, 'access'));
    } catch (error) {
      const message = error instanceof TokenError ? error.message : 'Invalid token';
      throw new UnauthorizedException({ msg: message, message });
    }
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

import {
  type ExecutionContext,
  ForbiddenException,
  Injectable,
  SetMetadata,
  UnauthorizedException,
  applyDecorators,
  createParamDecorator,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ApiExtension } from '@nestjs/swagger';
import { ROLE_ADMIN } from '@lorawatch/domain/user.view';
import { JWT_STRATEGY, type AuthedRequest, bearerToken } from './jwt.strategy';
import { type AccessClaims, type AuthUser, TokenError } from './token.service';

const PUBLIC = 'lorawatch:public';
const OPTIONAL_AUTH = 'lorawatch:optional-auth';
const ADMIN_ONLY = 'lorawatch:admin-only';

/**
 * How the OpenAPI document learns which operations need no token: `public` (none is read) or `optional` (one may
 * be given). The document's set-up turns it into the operation's `security`.
 */
export const OPENAPI_ACCESS = 'x-lorawatch-access';
export type OpenApiAccess = 'public' | 'optional';

/** Routes reachable without a token (login, health, ...). */
export const Public = () =>
  applyDecorators(SetMetadata(PUBLIC, true), ApiExtension(OPENAPI_ACCESS, 'public' satisfies OpenApiAccess));
/**
 * Routes that take a refresh token as the bearer token and check it themselves (token_refresh, logout_refresh):
 * the guard stands aside, the document still asks for the bearer token.
 */
export const RefreshTokenBearer = () => SetMetadata(PUBLIC, true);
/** Routes open to everyone that behave differently for a signed-in caller (register); a bad token is still 401. */
export const OptionalAuth = () =>
  applyDecorators(
    SetMetadata(OPTIONAL_AUTH, true),
    ApiExtension(OPENAPI_ACCESS, 'optional' satisfies OpenApiAccess),
  );
/** Routes reserved to the organization's administrators (role 2). */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);

const unauthorized = (message: string) => new UnauthorizedException({ msg: message, message });

/**
 * Global guard: every route needs a valid access token unless marked @Public(). passport-jwt checks the signature
 * and expiry, then the strategy's access check the store (signed-out tokens, unknown, deleted or blocked users,
 * ended sessions are refused); the caller's roles and organization are those of the stored user.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard(JWT_STRATEGY) {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC, targets)) return true;
    await super.canActivate(context);
    const user = context.switchToHttp().getRequest<AuthedRequest>().user;
    if (this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets) && !user?.roles.includes(ROLE_ADMIN))
      throw new ForbiddenException({ error: 'forbidden access', message: 'Forbidden' });
    return true;
  }

  /** Passport's verdict in the contract's words (`{msg, message}`, 401). */
  override handleRequest<TUser = AuthUser | null>(
    error: unknown,
    user: unknown,
    info: unknown,
    context: ExecutionContext,
  ): TUser {
    if (error instanceof TokenError) throw unauthorized(error.message);
    if (error) throw error;
    if (user) return user as TUser;
    if (info instanceof Error && info.name === 'TokenExpiredError') throw unauthorized('Token has expired');
    if (bearerToken(context.switchToHttp().getRequest<AuthedRequest>()) === null) {
      const optional = this.reflector.getAllAndOverride<boolean>(OPTIONAL_AUTH, [
        context.getHandler(),
        context.getClass(),
      ]);
      if (optional) return null as TUser;
      throw unauthorized('Missing Authorization Header');
    }
    throw unauthorized('Invalid token');
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

import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import {
  REVOKED_ACCESS_TOKENS,
  USERS,
  type RevokedAccessToken,
  type UserView,
} from '@lorawatch/domain/user.view';
import { type AccessClaims, type AuthUser, TokenError, TokenService } from './token.service';

export interface Authenticated {
  user: AuthUser;
  claims: AccessClaims;
}

const revoked = () => new TokenError('Token has been revoked', false);

/** Whether a sign-in (started at `startedAt`, family `familyId`) outlived an end of the user's sessions. */
export function sessionEnded(
  user: UserView,
  familyId: string | undefined,
  startedAt: string | undefined,
): boolean {
  if (!user.sessionsValidAfter) return false;
  if (familyId !== undefined && familyId === user.keptSession) return false;
  const started = startedAt === undefined ? Number.NaN : Date.parse(startedAt);
  return !(started >= Date.parse(user.sessionsValidAfter));
}

/** Whether the stored user may hold a session at all. */
export const mayHoldSession = (user: UserView): user is UserView & { organizationId: number } =>
  user.active && !user.deleted && !user.blocked && user.organizationId !== null;

/**
 * The one check of an access token, for REST and the websocket: signature (HS256) and expiry, then the store: a
 * signed-out token, a deleted, blocked or inactive user, or a session ended by a password or role change is
 * refused. Roles and organization come from the stored user, not from the token.
 */
@Injectable()
export class AccessCheck {
  constructor(
    private readonly tokens: TokenService,
    @Inject(READ_STORE) private readonly store: ReadStore,
  ) {}

  /** Throws TokenError with the contract's messages. */
  async authenticate(token: string): Promise<Authenticated> {
    return this.admit(this.tokens.verify<AccessClaims>(token, 'access'));
  }

  /**
   * The store's part of the check, for claims whose signature (HS256) was already verified: they must be an access
   * token's and carry `exp`; then a signed-out token, a user the store does not know, a deleted, blocked or inactive
   * user, or a session ended by a password or role change is refused.
   */
  async admit(claims: AccessClaims): Promise<Authenticated> {
    this.tokens.checkShape(claims, 'access');
    const [entry, user] = await Promise.all([
      this.store.collection<RevokedAccessToken>(REVOKED_ACCESS_TOKENS).get(claims.jti),
      this.store.collection<UserView>(USERS).get(claims.sub),
    ]);
    if (entry !== null) throw revoked();
    // Every user the server ever signed in is in the store, deleted or not: a token of any other is not ours.
    if (!user || !mayHoldSession(user) || sessionEnded(user, claims.sid, claims.sst)) throw revoked();
    return {
      user: {
        userId: user.userId,
        username: user.username,
        organizationId: user.organizationId,
        roles: user.roles,
      },
      claims,
    };
  }
}

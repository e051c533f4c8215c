import { BehaviorSubject, type Observable } from 'rxjs';
import { readAccessTokenClaims } from './jwt';

export const ADMIN_ROLE_ID = 2;

/** What the console knows about the signed-in user between page loads (docs/console.md §3 "Auth session"). */
export interface Session {
  accessToken: string;
  refreshToken: string;
  username: string;
  organizationId: number | null;
  userRoles: number[];
  /** Seconds since the epoch, from the access token. */
  issuedAt: number;
  expiresAt: number;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/** localStorage keys; `token` is the key the original console used for the access token. */
export const SESSION_STORAGE_KEYS = {
  accessToken: 'token',
  refreshToken: 'refresh_token',
  username: 'username',
  organizationId: 'organization_id',
} as const;

export function sessionFromTokens(tokens: SessionTokens, nowMs: number = Date.now()): Session {
  const claims = readAccessTokenClaims(tokens.accessToken);
  return {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    username: claims.identity,
    organizationId: claims.user_claims?.organization_id ?? null,
    userRoles: claims.user_claims?.user_roles_id ?? [],
    issuedAt: claims.iat ?? Math.floor(nowMs / 1000),
    expiresAt: claims.exp,
  };
}

export function isAdmin(session: Session | null): boolean {
  return session?.userRoles.includes(ADMIN_ROLE_ID) ?? false;
}

/**
 * The single source of truth for the session: persisted in localStorage and published as an observable, so
 * the socket, the refresh timer and the route guard all follow sign-in and sign-out without being called.
 */
export class SessionStore {
  private readonly subject: BehaviorSubject<Session | null>;
  readonly session$: Observable<Session | null>;

  constructor(private readonly storage: Storage) {
    this.subject = new BehaviorSubject<Session | null>(this.restore());
    this.session$ = this.subject.asObservable();
  }

  get current(): Session | null {
    return this.subject.value;
  }

  /** After login. Throws when the access token cannot be read. */
  start(tokens: SessionTokens): Session {
    const session = sessionFromTokens(tokens);
    this.persist(session);
    this.subject.next(session);
    return session;
  }

  /** After a token refresh; keeps the refresh token unless the server rotated it. */
  rotate(accessToken: string, refreshToken?: string): void {
    const current = this.subject.value;
    if (!current) return;
    const session = sessionFromTokens({ accessToken, refreshToken: refreshToken ?? current.refreshToken });
    this.persist(session);
    this.subject.next(session);
  }

  clear(): void {
    for (const key of Object.values(SESSION_STORAGE_KEYS)) this.storage.removeItem(key);
    if (this.subject.value !== null) this.subject.next(null);
  }

  /** Re-reads storage, e.g. after another tab signed in or out. */
  reload(): void {
    const session = this.restore();
    if (session?.accessToken !== this.subject.value?.accessToken) this.subject.next(session);
  }

  private restore(): Session | null {
    const accessToken = this.storage.getItem(SESSION_STORAGE_KEYS.accessToken);
    const refreshToken = this.storage.getItem(SESSION_STORAGE_KEYS.refreshToken);
    if (!accessToken || !refreshToken) return null;
    try {
      return sessionFromTokens({ accessToken, refreshToken });
    } catch {
      for (const key of Object.values(SESSION_STORAGE_KEYS)) this.storage.removeItem(key);
      return null;
    }
  }

  private persist(session: Session): void {
    this.storage.setItem(SESSION_STORAGE_KEYS.accessToken, session.accessToken);
    this.storage.setItem(SESSION_STORAGE_KEYS.refreshToken, session.refreshToken);
    this.storage.setItem(SESSION_STORAGE_KEYS.username, session.username);
    if (session.organizationId === null) this.storage.removeItem(SESSION_STORAGE_KEYS.organizationId);
    else this.storage.setItem(SESSION_STORAGE_KEYS.organizationId, String(session.organizationId));
  }
}

import type { Observable, Subscription } from 'rxjs';
import { createApiClient, type ApiClient } from './api';
import { createCurrentUser$, type CurrentUser } from './current-user';
import { RealtimeConnection, connectToOrigin, type RealtimeEvents, type SocketFactory } from './realtime';
import { SessionStore } from './session';
import { keepSessionFresh } from './token-refresh';

/** The app's system edges, created once and handed to React through ServicesProvider. */
export interface Services {
  session: SessionStore;
  api: ApiClient;
  realtime: RealtimeEvents;
  currentUser$: Observable<CurrentUser | null>;
  /** Starts the per-session machinery (socket, token refresh); unsubscribe to stop it. */
  start(): Subscription;
  signOut(): void;
}

export interface ServicesOptions {
  storage?: Storage;
  fetch?: typeof fetch;
  createSocket?: SocketFactory;
}

export function createServices({
  storage = window.localStorage,
  fetch,
  createSocket = connectToOrigin,
}: ServicesOptions = {}): Services {
  const session = new SessionStore(storage);
  const api = createApiClient({
    fetch,
    getAccessToken: () => session.current?.accessToken ?? null,
    onUnauthorized: () => session.clear(),
  });
  const realtime = new RealtimeConnection(session.session$, createSocket);

  return {
    session,
    api,
    realtime,
    currentUser$: createCurrentUser$(session.session$, api),
    start() {
      const subscription = realtime.start();
      subscription.add(keepSessionFresh(session, api).subscribe());
      // Signing in or out in another tab applies here too.
      const onStorage = (event: StorageEvent) => {
        if (event.storageArea === storage) session.reload();
      };
      window.addEventListener('storage', onStorage);
      subscription.add(() => window.removeEventListener('storage', onStorage));
      return subscription;
    },
    signOut() {
      const current = session.current;
      // Clearing the session disconnects the socket and cancels the refresh timer (both follow session$).
      session.clear();
      if (current) {
        // Best effort: let the server revoke both tokens (architecture §5); the session is gone either way.
        const ignore = { error: () => undefined };
        api.post('logout_access', {}, { bearer: current.accessToken }).subscribe(ignore);
        api.post('logout_refresh', {}, { bearer: current.refreshToken }).subscribe(ignore);
      }
    },
  };
}

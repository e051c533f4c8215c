import { AUTHORIZATION, type AuthorizationMessage, type ServerMessageName } from '@lorawatch/contracts';
import { Subject, filter, map, type Observable, type Subscription } from 'rxjs';
import { io } from 'socket.io-client';
import type { Session } from './session';

/** The part of a socket.io client socket the console uses. */
export interface RealtimeSocket {
  readonly connected: boolean;
  on(event: 'connect', listener: () => void): unknown;
  onAny(listener: (event: string, ...args: unknown[]) => void): unknown;
  emit(event: string, payload: unknown): unknown;
  disconnect(): unknown;
}

export type SocketFactory = () => RealtimeSocket;

/**
 * What features see of the live channel: one observable per server message name (the contract's names). Payloads
 * stay unknown: each feature checks what it reads.
 */
export interface RealtimeEvents {
  on(event: ServerMessageName): Observable<unknown>;
}

export const AUTHORIZATION_EVENT = AUTHORIZATION;

/** A socket.io connection to the console's own origin, path /socket.io (docs/api.md §16). */
export const connectToOrigin: SocketFactory = () =>
  io({ path: '/socket.io', transports: ['websocket', 'polling'] });

interface ServerEvent {
  name: string;
  payload: unknown;
}

/**
 * One socket per session: opened at sign-in, authorised with `authorization {token}` on every (re)connect and
 * again after each token refresh, closed at sign-out. Events are republished through a subject, so
 * subscribers never touch the socket and may come and go freely.
 */
export class RealtimeConnection implements RealtimeEvents {
  private readonly events = new Subject<ServerEvent>();
  private socket: RealtimeSocket | null = null;
  private sessionKey: string | null = null;
  private token: string | null = null;

  constructor(
    private readonly session$: Observable<Session | null>,
    private readonly createSocket: SocketFactory = connectToOrigin,
  ) {}

  on(event: ServerMessageName): Observable<unknown> {
    return this.events.pipe(
      filter((serverEvent) => serverEvent.name === event),
      map((serverEvent) => serverEvent.payload),
    );
  }

  /** Follows the session until the returned subscription ends (which also closes the socket). */
  start(): Subscription {
    const subscription = this.session$.subscribe((session) => this.follow(session));
    subscription.add(() => this.close());
    return subscription;
  }

  private follow(session: Session | null): void {
    if (!session) {
      this.close();
      return;
    }
    const sessionKey = `${session.organizationId}:${session.username}`;
    if (this.socket && sessionKey !== this.sessionKey) this.close();
    const tokenChanged = session.accessToken !== this.token;
    this.sessionKey = sessionKey;
    this.token = session.accessToken;
    if (!this.socket) this.open();
    else if (tokenChanged && this.socket.connected) this.authorize();
  }

  private open(): void {
    const socket = this.createSocket();
    this.socket = socket;
    socket.on('connect', () => this.authorize());
    socket.onAny((name, payload) => this.events.next({ name, payload }));
  }

  private authorize(): void {
    if (!this.socket || !this.token) return;
    const message: AuthorizationMessage = { token: this.token };
    this.socket.emit(AUTHORIZATION_EVENT, message);
  }

  private close(): void {
    this.socket?.disconnect();
    this.socket = null;
    this.sessionKey = null;
    this.token = null;
  }
}

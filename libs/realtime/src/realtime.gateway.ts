import { Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  type OnGatewayDisconnect,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  ConnectedSocket,
  MessageBody,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { Subscription } from 'rxjs';
import { AccessCheck, type Authenticated } from '@lorawatch/platform/auth/access-check';
import {
  AUTHORIZATION,
  NEW_ALERT,
  NEW_NOTIFICATION,
  PROJECTION_UPDATED,
  UPDATED_DATA_COLLECTOR,
  isReadModelName,
  type AuthorizationAck,
  type DataSource,
  type NewAlertMessage,
  type NotificationItem,
  type OrganizationMessageName,
  type ProjectionUpdatedMessage,
  type UserMessageName,
} from '@lorawatch/contracts';
import { ProjectionUpdateThrottle } from './projection-update-throttle';
import { organizationRoom, userRoom } from './rooms';

/** A socket that presented a valid access token. */
interface Authorised {
  socket: Socket;
  token: string;
  userId: number;
  organizationId: number;
  expiry: NodeJS.Timeout;
}

/** How often every authorised socket is checked again, besides the checks on each change of the accounts. */
const RECHECK_MS = 60_000;

/**
 * Socket.IO per docs/api.md §16: the client emits `authorization` with its access token, then joins its
 * organization's room; messages only ever go to that room. The token gets the REST guard's checks (signed out,
 * deleted or blocked user, ended sessions); the socket is disconnected when the token expires unless the client
 * authorised again with a newer one, and as soon as the user's sessions end. allowEIO3 keeps the original console's
 * older client working.
 */
@WebSocketGateway({ allowEIO3: true })
export class RealtimeGateway implements OnGatewayInit, OnGatewayDisconnect, OnModuleDestroy {
  private readonly logger = new Logger('Realtime');
  @WebSocketServer() server!: Server;
  private subscriptions: Subscription[] = [];
  private readonly projectionUpdates = new ProjectionUpdateThrottle((message) =>
    this.emitToOrganization(message.organization_id, PROJECTION_UPDATED, message),
  );

  private readonly authorised = new Map<string, Authorised>();
  /** Projections not in the contract's read-model names, each warned about once. */
  private readonly unlisted = new Set<string>();
  private recheckTimer: NodeJS.Timeout | null = null;

  constructor(private readonly access: AccessCheck) {}

  afterInit(): void {
    this.recheckTimer = setInterval(() => void this.recheck(null), RECHECK_MS);
    this.recheckTimer.unref();
    this.logger.log('Websocket ready');
  }

  @SubscribeMessage(AUTHORIZATION)
  async authorize(
    @ConnectedSocket() socket: Socket,
    @MessageBody() body: unknown,
  ): Promise<AuthorizationAck> {
    const token = typeof body === 'string' ? body : (body as { token?: unknown } | null)?.token;
    // A refused (re-)authorisation leaves the socket with no room at all.
    this.forget(socket);
    if (typeof token !== 'string') return { ok: false };
    let authenticated: Authenticated;
    try {
      authenticated = await this.access.authenticate(token);
    } catch {
      return { ok: false };
    }
    if (!socket.connected) return { ok: false };
    const { user, claims } = authenticated;
    void socket.join(organizationRoom(user.organizationId));
    void socket.join(userRoom(user.userId));
    const expiresIn = (claims.exp ?? 0) * 1000 - Date.now();
    const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, expiresIn));
    expiry.unref();
    this.authorised.set(socket.id, {
      socket,
      token,
      userId: user.userId,
      organizationId: user.organizationId,
      expiry,
    });
    return { ok: true };
  }

  handleDisconnect(socket: Socket): void {
    this.forget(socket);
  }

  private forget(socket: Socket): void {
    const entry = this.authorised.get(socket.id);
    if (entry) clearTimeout(entry.expiry);
    this.authorised.delete(socket.id);
    for (const room of socket.rooms) if (room !== socket.id) void socket.leave(room);
  }

  /**
   * Checks the tokens of the organization's sockets (all when null) again: a socket whose token no longer passes, or
   * whose user moved, is disconnected.
   */
  async recheck(organizationId: number | null): Promise<void> {
    const entries = [...this.authorised.values()].filter(
      (entry) => organizationId === null || entry.organizationId === organizationId,
    );
    await Promise.all(
      entries.map(async (entry) => {
        let still = false;
        try {
          const { user } = await this.access.authenticate(entry.token);
          still = user.userId === entry.userId && user.organizationId === entry.organizationId;
        } catch {
          still = false;
        }
        if (!still && this.authorised.get(entry.socket.id) === entry) {
          this.forget(entry.socket);
          entry.socket.disconnect(true);
        }
      }),
    );
  }

  /** Every socket of the organisation, by the contract's message name (the typed emitters below check the payload). */
  emitToOrganization(organizationId: number, event: OrganizationMessageName, payload: unknown): void {
    this.server?.to(organizationRoom(organizationId)).emit(event, payload);
  }

  /** Every socket the user authorised (all their tabs), by the contract's message name. */
  emitToUser(userId: number, event: UserMessageName, payload: unknown): void {
    this.server?.to(userRoom(userId)).emit(event, payload);
  }

  /** `new_alert`: an alert became visible to the organisation. */
  newAlert(organizationId: number, message: NewAlertMessage): void {
    this.emitToOrganization(organizationId, NEW_ALERT, message);
  }

  /** `updated_data_collector`: a data source's status or settings changed (the whole data source). */
  updatedDataCollector(organizationId: number, dataSource: DataSource): void {
    this.emitToOrganization(organizationId, UPDATED_DATA_COLLECTOR, dataSource);
  }

  /** `new_notification`: to every tab of the notified user. */
  newNotification(userId: number, notification: NotificationItem): void {
    this.emitToUser(userId, NEW_NOTIFICATION, notification);
  }

  /**
   * A read model of the organisation changed: `projection_updated`, coalesced per projection (see the throttle). A
   * projection whose name the contract does not list is not announced: no console could know what to reload.
   */
  projectionUpdated(update: Omit<ProjectionUpdatedMessage, 'projection'> & { projection: string }): void {
    if (!isReadModelName(update.projection)) {
      if (!this.unlisted.has(update.projection)) {
        this.unlisted.add(update.projection);
        this.logger.warn(
          `Read model ${update.projection} is not in the contract: its changes are not announced`,
        );
      }
      return;
    }
    const message: ProjectionUpdatedMessage = { ...update, projection: update.projection };
    // Users, sign-outs and ended sessions live in the accounts read model: its sockets are checked again.
    if (message.projection === 'accounts') {
      this.recheck(message.organization_id).catch((error: unknown) =>
        this.logger.warn(`Socket check failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
    this.projectionUpdates.push(message);
  }

  track(subscription: Subscription): void {
    this.subscriptions.push(subscription);
  }

  onModuleDestroy(): void {
    if (this.recheckTimer) clearInterval(this.recheckTimer);
    for (const entry of this.authorised.values()) clearTimeout(entry.expiry);
    this.authorised.clear();
    this.subscriptions.forEach((subscription) => subscription.unsubscribe());
    this.projectionUpdates.stop();
  }
}

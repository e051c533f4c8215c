import { Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  ConnectedSocket,
  MessageBody,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { Subscription } from 'rxjs';
import { type AccessClaims, TokenService } from '@lorawatch/accounts/auth/token.service';
import {
  PROJECTION_UPDATED,
  ProjectionUpdateThrottle,
  type ProjectionUpdatedMessage,
} from './projection-update-throttle';

/**
 * Socket.IO per docs/api.md §16: the client emits `authorization` with its access token, then joins its
 * organization's room; messages only ever go to that room. allowEIO3 keeps the original console's older client working.
 */
@WebSocketGateway({ allowEIO3: true })
export class RealtimeGateway implements OnGatewayInit, OnModuleDestroy {
  private readonly logger = new Logger('Realtime');
  @WebSocketServer() server!: Server;
  private subscriptions: Subscription[] = [];
  private readonly projectionUpdates = new ProjectionUpdateThrottle((message) =>
    this.emitToOrganization(message.organization_id, PROJECTION_UPDATED, message),
  );

  constructor(private readonly tokens: TokenService) {}

  afterInit(): void {
    this.logger.log('Websocket ready');
  }

  @SubscribeMessage('authorization')
  authorize(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): { ok: boolean } {
    const token = typeof body === 'string' ? body : (body as { token?: unknown } | null)?.token;
    if (typeof token !== 'string') return { ok: false };
    try {
      const claims = this.tokens.verify<AccessClaims>(token, 'access');
      for (const room of socket.rooms) if (room !== socket.id) void socket.leave(room);
      void socket.join(organizationRoom(claims.user_claims.organization_id));
      void socket.join(userRoom(Number(claims.sub)));
      return { ok: true };
    } catch {
      return { ok: false };
    }
  }

  emitToOrganization(organizationId: number, event: string, payload: unknown): void {
    this.server?.to(organizationRoom(organizationId)).emit(event, payload);
  }

  /** Every socket the user authorised (all their tabs), e.g. `new_notification`. */
  emitToUser(userId: number, event: string, payload: unknown): void {
    this.server?.to(userRoom(userId)).emit(event, payload);
  }

  /** A read model of the organisation changed: `projection_updated`, coalesced per projection (see the throttle). */
  projectionUpdated(message: ProjectionUpdatedMessage): void {
    this.projectionUpdates.push(message);
  }

  track(subscription: Subscription): void {
    this.subscriptions.push(subscription);
  }

  onModuleDestroy(): void {
    this.subscriptions.forEach((subscription) => subscription.unsubscribe());
    this.projectionUpdates.stop();
  }
}

export const organizationRoom = (organizationId: number) => `organization:${organizationId}`;
export const userRoom = (userId: number) => `user:${userId}`;

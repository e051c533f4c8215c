import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { Server, ServerOptions } from 'socket.io';
import type { CrossOriginPolicy } from '@lorawatch/platform/cross-origin';

/**
 * Socket.IO with the same CORS policy as REST, decided at start-up from the configuration (a gateway decorator
 * can only hold constants). Without CORS headers a foreign page cannot use the polling transport; the websocket
 * transport is not subject to CORS, but a connection is worth nothing before the client sends a valid token.
 */
export class CrossOriginIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly policy: CrossOriginPolicy,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: Partial<ServerOptions>): Server {
    return super.createIOServer(port, { ...options, cors: { ...this.policy } }) as Server;
  }
}

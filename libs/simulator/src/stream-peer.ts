import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Where a local peer listens. */
export interface PeerAddress {
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1: the peer is for this machine only. */
  host?: string;
}

/** A response held open to stream a client the messages of the gateways it follows. */
export interface PeerStream {
  response: ServerResponse;
  gatewayIds: ReadonlySet<string>;
}

/** The open streams of a peer. */
export class PeerStreams<S extends PeerStream> {
  private readonly open = new Set<S>();

  get size(): number {
    return this.open.size;
  }

  /** Streams to this client until it goes away. */
  add(stream: S): void {
    this.open.add(stream);
    stream.response.on('close', () => this.open.delete(stream));
  }

  /** Writes to every open stream that follows one of the gateways; returns how many streams got it. */
  publish(gatewayIds: readonly string[], text: (stream: S) => string): number {
    let delivered = 0;
    for (const stream of this.open) {
      if (!gatewayIds.some((id) => stream.gatewayIds.has(id))) continue;
      stream.response.write(text(stream));
      delivered += 1;
    }
    return delivered;
  }

  /** Writes bytes as they are to every open stream (split messages, garbage): for tests. */
  writeRaw(bytes: string | Buffer): void {
    for (const stream of this.open) stream.response.write(bytes);
  }

  /** Ends every open stream, after its last words when there are some. */
  end(lastWords?: string): void {
    for (const stream of [...this.open]) {
      if (lastWords !== undefined) stream.response.write(lastWords);
      stream.response.end();
      this.open.delete(stream);
    }
  }

  destroy(): void {
    for (const stream of this.open) stream.response.destroy();
    this.open.clear();
  }
}

export interface PeerServer {
  /** Base URL for a collector, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  /** Drops the open streams and stops listening; the same promise however often it is called. */
  close(): Promise<void>;
}

/**
 * Listens for a local peer. A request whose handling fails gets `internalError` while nothing was answered yet,
 * and loses its connection otherwise.
 */
export async function listenPeer(
  address: PeerAddress,
  streams: { destroy(): void },
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  internalError: (response: ServerResponse, message: string) => void,
): Promise<PeerServer> {
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) internalError(response, `internal error: ${String(error)}`);
      else response.destroy();
    });
  });
  const host = address.host ?? '127.0.0.1';
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port ?? 0, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        streams.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** The request body, or undefined when it is longer than `maxBytes`. */
export async function readBody(request: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBytes) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

import { createServer, type Server, type Socket } from 'node:net';

/** What a client sent, as far as the tests need to see it. */
export type ClientPacket =
  | { type: 'connect'; clientId: string; clean: boolean }
  | { type: 'subscribe'; messageId: number; topics: string[] }
  | { type: 'puback'; messageId: number }
  | { type: 'pingreq' }
  | { type: 'disconnect' }
  | { type: 'other'; packetType: number };

const CONNECT = 1;
const PUBACK = 4;
const SUBSCRIBE = 8;
const PINGREQ = 12;
const DISCONNECT = 14;

/**
 * A bare MQTT 3.1.1 broker for tests that look at the packets themselves: it accepts every client and
 * subscription, publishes exactly what the test tells it to, when it tells it to, and records what the client
 * sends back (PUBACKs in the order they came). It keeps no session and never redelivers by itself.
 */
export class ScriptedBroker {
  static async start(): Promise<ScriptedBroker> {
    const broker = new ScriptedBroker();
    await new Promise<void>((resolve) => broker.server.listen(0, '127.0.0.1', resolve));
    return broker;
  }

  readonly received: ClientPacket[] = [];
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private client: Socket | null = null;

  private constructor() {
    this.server = createServer((socket) => this.accept(socket));
  }

  get port(): number {
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('the broker is not listening');
    return address.port;
  }

  /** Packet ids of the PUBACKs received, in order. */
  get pubacks(): number[] {
    return this.received.flatMap((packet) => (packet.type === 'puback' ? [packet.messageId] : []));
  }

  get connects(): number {
    return this.received.filter((packet) => packet.type === 'connect').length;
  }

  /** Whether a client has subscribed on its current connection. */
  get subscribed(): boolean {
    const last = this.received.map((packet) => packet.type).lastIndexOf('connect');
    return last >= 0 && this.received.slice(last).some((packet) => packet.type === 'subscribe');
  }

  /** Sends a PUBLISH to the client connected last. */
  publish(topic: string, payload: string | Buffer, options: { messageId: number; qos?: 0 | 1 }): void {
    if (this.client === null) throw new Error('no client is connected');
    const qos = options.qos ?? 1;
    const topicBytes = Buffer.from(topic);
    const body = Buffer.concat([
      uint16(topicBytes.length),
      topicBytes,
      qos > 0 ? uint16(options.messageId) : Buffer.alloc(0),
      Buffer.from(payload),
    ]);
    this.client.write(Buffer.concat([Buffer.from([0x30 | (qos << 1)]), remainingLength(body.length), body]));
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (let packet = takePacket(pending); packet !== null; packet = takePacket(pending)) {
        pending = pending.subarray(packet.size);
        this.answer(socket, packet.type, packet.body);
      }
    });
  }

  private answer(socket: Socket, type: number, body: Buffer): void {
    switch (type) {
      case CONNECT: {
        const nameLength = body.readUInt16BE(0);
        const flags = body[2 + nameLength + 1];
        const idAt = 2 + nameLength + 4;
        const clientId = body.subarray(idAt + 2, idAt + 2 + body.readUInt16BE(idAt)).toString();
        this.received.push({ type: 'connect', clientId, clean: (flags & 0x02) !== 0 });
        this.client = socket;
        socket.write(Buffer.from([0x20, 0x02, 0x00, 0x00]));
        return;
      }
      case SUBSCRIBE: {
        const messageId = body.readUInt16BE(0);
        const topics: string[] = [];
        for (let at = 2; at < body.length;) {
          const length = body.readUInt16BE(at);
          topics.push(body.subarray(at + 2, at + 2 + length).toString());
          at += 2 + length + 1;
        }
        this.received.push({ type: 'subscribe', messageId, topics });
        const granted = topics.map(() => 1);
        socket.write(Buffer.from([0x90, 2 + granted.length, messageId >> 8, messageId & 0xff, ...granted]));
        return;
      }
      case PUBACK:
        this.received.push({ type: 'puback', messageId: body.readUInt16BE(0) });
        return;
      case PINGREQ:
        this.received.push({ type: 'pingreq' });
        socket.write(Buffer.from([0xd0, 0x00]));
        return;
      case DISCONNECT:
        this.received.push({ type: 'disconnect' });
        return;
      default:
        this.received.push({ type: 'other', packetType: type });
    }
  }
}

/** The first complete packet of the buffer, or null if it holds none yet. */
function takePacket(buffer: Buffer): { type: number; body: Buffer; size: number } | null {
  let length = 0;
  let multiplier = 1;
  for (let at = 1; at < Math.min(buffer.length, 5); at += 1) {
    length += (buffer[at] & 0x7f) * multiplier;
    multiplier *= 128;
    if ((buffer[at] & 0x80) === 0) {
      const size = at + 1 + length;
      return buffer.length < size
        ? null
        : { type: buffer[0] >> 4, body: buffer.subarray(at + 1, size), size };
    }
  }
  return null;
}

function uint16(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
}

function remainingLength(length: number): Buffer {
  const bytes: number[] = [];
  let rest = length;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0);
  return Buffer.from(bytes);
}

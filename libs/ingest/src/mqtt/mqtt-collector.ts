import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { CHIRPSTACK_V3_TOPICS } from '../chirpstack-v3/chirpstack-v3-topics';
import { CollectorBook } from '../collector-book';
import type { MessageParser } from '../ingest-outcome';
import { AckWindow } from './ack-window';
import { type BrokerEndpoint, brokerUrl } from './broker-endpoint';
import { type BrokerTarget, brokerTarget, type EgressCheck } from './broker-target';
import type { CollectorCounters, CollectorSink } from './collector-sink';
import { ReconnectBackoff } from './reconnect-backoff';

export type MqttCollectorOptions = BrokerEndpoint & {
  dataSourceId: number;
  organizationId: number;
  username?: string;
  password?: string;
  /** PEM: CA bundle, client certificate and key for mqtts:// brokers that need them. */
  ca?: string | Buffer;
  cert?: string | Buffer;
  key?: string | Buffer;
  /** Default: the ChirpStack v3 gateway topics. */
  topics?: readonly string[];
  /**
   * Default `lorawatch-ds-<dataSourceId>`: stable, so the broker keeps this data source's session. The apps give
   * `lorawatch-<installation>-ds-<dataSourceId>`, so that two installations never share a session on one broker.
   */
  clientId?: string;
  /** The server's egress policy: resolves the broker's host once and refuses addresses it must not reach. */
  egress?: EgressCheck;
  parse: MessageParser;
  /** First reconnect delay; doubles on each failed attempt up to `maxReconnectPeriodMs`. Default 1000. */
  reconnectPeriodMs?: number;
  maxReconnectPeriodMs?: number;
  keepaliveSeconds?: number;
  connectTimeoutMs?: number;
  /**
   * Messages read from the broker and not yet acknowledged, at most; beyond that the collector stops reading until
   * stored ones are acknowledged. Default 1000. Brokers may send fewer at once (Mosquitto's max_inflight_messages).
   */
  maxUnacknowledged?: number;
  now?: () => Date;
};

type PublishPacket = Parameters<MqttClient['handleMessage']>[0];
type PacketDone = Parameters<MqttClient['handleMessage']>[1];

const STOP_GRACE_MS = 2000;

/**
 * Given to mqtt.js's message callback so that it reads the next message without sending the PUBACK of this one
 * (for a handler that reports an error, mqtt.js sends no acknowledgement and goes on reading): the collector
 * sends the PUBACK itself once the message is stored.
 */
const ACKNOWLEDGED_LATER = new Error('acknowledged by the collector once stored');

/** mqtt.js has no public call to acknowledge a message later; this is the one its own handler sends PUBACKs with. */
type PacketSender = (packet: { cmd: 'puback'; messageId: number }) => void;

/**
 * One MQTT connection for one data source: subscribes, parses every message, hands the result to the sink,
 * and acknowledges the message (PUBACK) only once the sink has it. With a persistent session (`clean: false`,
 * stable client id, QoS 1) nothing is lost across a crash or restart: the broker redelivers what was not
 * acknowledged, and the deterministic packet ids let the packet log drop what it already has.
 *
 * Messages are read while earlier ones are still being stored (up to `maxUnacknowledged`), so a sink that writes
 * in groups (GroupAppender) stores many of them per write; their PUBACKs still go out in the order the messages
 * arrived, each once it and every message before it are stored.
 */
export class MqttCollector {
  private client: MqttClient | undefined;
  /** Bumped whenever a connection ends: a sink that finishes after that must not ack on the next connection. */
  private connection = 0;
  /** The unacknowledged messages of the current connection; null until its first message. */
  private window: { connection: number; acks: AckWindow } | null = null;
  private lastError: string | undefined;
  private stopped = false;
  /** Set while waiting to retry a broker address the egress check did not give (DNS failure, refusal). */
  private retry: NodeJS.Timeout | null = null;
  private starting = false;
  private readonly backoff: ReconnectBackoff;
  private readonly book: CollectorBook<PublishPacket>;
  private readonly url: string;
  private readonly topics: readonly string[];

  constructor(
    private readonly options: MqttCollectorOptions,
    sink: CollectorSink,
  ) {
    this.url = brokerUrl(options);
    this.topics = options.topics ?? CHIRPSTACK_V3_TOPICS;
    if (this.topics.length === 0) throw new Error('a collector needs at least one topic');
    // A shared subscription joins the network server's group, which splits messages between its members:
    // the collector would take messages away from ChirpStack and miss others itself (docs/wire-formats.md §4.1).
    const shared = this.topics.filter((topic) => topic.startsWith('$share/'));
    if (shared.length > 0)
      throw new Error(`a collector never uses shared subscriptions: ${shared.join(', ')}`);
    this.backoff = new ReconnectBackoff(
      options.reconnectPeriodMs ?? 1000,
      options.maxReconnectPeriodMs ?? 30_000,
    );
    const parse = options.parse;
    this.book = new CollectorBook<PublishPacket>(
      options,
      sink,
      (packet, context) => parse(packet.topic, payloadOf(packet), context),
      topicOf,
    );
  }

  get clientId(): string {
    return this.options.clientId ?? `lorawatch-ds-${this.options.dataSourceId}`;
  }

  counters(): CollectorCounters {
    return this.book.counters();
  }

  start(): void {
    if (this.client !== undefined || this.starting) throw new Error('collector already started');
    this.starting = true;
    void this.connect();
  }

  /**
   * Resolves the broker once through the egress check and connects mqtt.js to that address; its reconnections go
   * to the same address. An address not given is retried with the back-off, as an outage would be.
   */
  private async connect(): Promise<void> {
    this.retry = null;
    let target: BrokerTarget;
    try {
      target = await brokerTarget(this.url, this.options.egress);
    } catch (error) {
      if (this.stopped) return;
      this.lastError = error instanceof Error ? error.message : String(error);
      this.book.report('DISCONNECTED', this.lastError);
      this.retry = setTimeout(() => void this.connect(), this.backoff.next());
      return;
    }
    if (this.stopped) return;
    const client = mqtt.connect({ ...target, ...this.clientOptions() });
    // mqtt.js sends the PUBACK when this callback is called and reads no further message until then; the
    // collector releases it at once and acknowledges each message itself once stored (see handleMessage).
    client.handleMessage = (packet, done) => this.handleMessage(client, packet, done);
    // Runs before mqtt.js schedules the retry, so the retry uses the backed-off delay.
    client.prependListener('close', () => this.onClose(client));
    client.on('connect', () => this.onConnect(client));
    client.on('error', (error: Error & { code?: unknown }) => {
      this.lastError = error.message;
      // CONNACK 4/5: bad user name or password, not authorised. Reported once until a connection succeeds.
      if (error.code === 4 || error.code === 5) {
        this.book.loginFailed(`The broker refused the credentials: ${error.message}`);
      }
    });
    this.client = client;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.endConnection();
    const client = this.client;
    if (client !== undefined) await endClient(client);
    this.book.report('DISCONNECTED');
  }

  /**
   * For a deleted data source: stops, then connects once more with a clean session and disconnects, so that the
   * broker drops this client id's session and stops queueing messages for it. Best effort: an unreachable broker
   * keeps the session until its own expiry.
   */
  async stopAndEndSession(timeoutMs = 10_000): Promise<boolean> {
    await this.stop();
    let target: BrokerTarget;
    try {
      target = await brokerTarget(this.url, this.options.egress);
    } catch {
      return false;
    }
    const client = mqtt.connect({
      ...target,
      ...this.clientOptions(),
      clean: true,
      reconnectPeriod: 0,
      connectTimeout: timeoutMs,
    });
    const connected = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      client.once('connect', () => {
        clearTimeout(timer);
        resolve(true);
      });
      client.once('error', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    await endClient(client);
    return connected;
  }

  private clientOptions(): IClientOptions {
    const { username, password, ca, cert, key } = this.options;
    return {
      clientId: this.clientId,
      clean: false,
      protocolVersion: 4,
      username,
      password,
      ca,
      cert,
      key,
      keepalive: this.options.keepaliveSeconds ?? 30,
      connectTimeout: this.options.connectTimeoutMs ?? 10_000,
      reconnectPeriod: this.options.reconnectPeriodMs ?? 1000,
      // A refused CONNECT (bad credentials, broker not ready) is retried with back-off like any outage.
      reconnectOnConnackError: true,
      // Subscriptions are renewed in onConnect, after every (re)connection.
      resubscribe: false,
    };
  }

  private onConnect(client: MqttClient): void {
    this.backoff.reset();
    this.book.credentialsAccepted();
    this.lastError = undefined;
    const subscriptions = Object.fromEntries(this.topics.map((topic) => [topic, { qos: 1 as const }]));
    client.subscribe(subscriptions, (error, granted) => {
      if (this.stopped || client !== this.client) return;
      const refused = (granted ?? []).filter((grant) => grant.qos === 128).map((grant) => grant.topic);
      if (error) this.dropConnection(client, `subscription failed: ${error.message}`);
      else if (refused.length > 0)
        this.dropConnection(client, `broker refused the subscription to ${refused.join(', ')}`);
      else this.book.report('CONNECTED');
    });
  }

  private onClose(client: MqttClient): void {
    this.endConnection();
    if (this.stopped) return;
    client.options.reconnectPeriod = this.backoff.next();
    this.book.report('DISCONNECTED', this.lastError);
  }

  /** Closes the network connection so the broker redelivers what was not acknowledged; mqtt.js reconnects. */
  private dropConnection(client: MqttClient, reason: string): void {
    this.lastError = reason;
    this.endConnection();
    client.stream.destroy();
  }

  /** Nothing received so far on this connection is acknowledged any more: the broker redelivers it. */
  private endConnection(): void {
    this.connection += 1;
    this.window?.acks.close();
    this.window = null;
  }

  private handleMessage(client: MqttClient, packet: PublishPacket, done: PacketDone): void {
    const acks = this.currentWindow(client);
    // A message read after its connection ended (the rest of a TCP read) is left to the broker to redeliver.
    if (acks === null) return done(ACKNOWLEDGED_LATER);
    const connection = this.connection;
    const { acknowledge, readOn } = acknowledgement(client, packet, done);
    const stored = acks.add(acknowledge);
    this.book.deliver(packet, this.book.receive()).then(stored, (error: unknown) => {
      if (connection !== this.connection) return;
      this.dropConnection(client, `sink failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    if (readOn !== null) acks.admit(readOn);
  }

  private currentWindow(client: MqttClient): AckWindow | null {
    if (this.window?.connection === this.connection) return this.window.acks;
    if (this.stopped || !client.connected) return null;
    this.window = {
      connection: this.connection,
      acks: new AckWindow(this.options.maxUnacknowledged ?? 1000),
    };
    return this.window.acks;
  }
}

/**
 * How a message is acknowledged once stored, and how mqtt.js is let read the next one before that (null: not
 * before, mqtt.js acknowledges it and reads on). QoS 1, the normal case: mqtt.js reads on at once and the
 * collector sends the PUBACK itself. QoS 0 needs no acknowledgement. Anything else (QoS 2, or an mqtt.js without
 * the sending call) is acknowledged by mqtt.js, one message at a time.
 */
function acknowledgement(
  client: MqttClient,
  packet: PublishPacket,
  done: PacketDone,
): { acknowledge: (() => void) | null; readOn: (() => void) | null } {
  if (packet.qos === 0) return { acknowledge: null, readOn: () => done() };
  const send = packet.qos === 1 ? packetSender(client) : null;
  const { messageId } = packet;
  if (send === null || messageId === undefined) return { acknowledge: () => done(), readOn: null };
  return {
    acknowledge: () => send({ cmd: 'puback', messageId }),
    readOn: () => done(ACKNOWLEDGED_LATER),
  };
}

/**
 * Sends on the current network connection only: mqtt.js would keep a packet given while disconnected for the next
 * connection, where its packet id may name another message.
 */
function packetSender(client: MqttClient): PacketSender | null {
  const send = (client as unknown as { _sendPacket?: unknown })._sendPacket;
  if (typeof send !== 'function') return null;
  return (packet) => {
    if (client.connected) send.call(client, packet);
  };
}

function payloadOf(packet: PublishPacket): Buffer {
  return typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
}

/** A message the parser called malformed is reported under its topic. */
function topicOf(packet: PublishPacket): string {
  return packet.topic;
}

/** A clean DISCONNECT keeps the session; if the connection is wedged, force it after a grace period. */
async function endClient(client: MqttClient): Promise<void> {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => client.end(true, {}, () => resolve()), STOP_GRACE_MS);
    client.end(false, {}, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

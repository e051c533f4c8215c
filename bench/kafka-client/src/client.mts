/** What the measurements need of a Kafka client: an admin call, an awaited producer send, a group consumer. */

/** One record as the packet log writes it: the device key, an explicit partition, the packet id in a header. */
export interface BenchMessage {
  id: string;
  key: string;
  partition: number;
  value: string;
}

/** A running group consumer; `ids` receives the packet ids of each batch it is handed, in order. */
export interface RunningConsumer {
  stop(): Promise<void>;
}

export interface BenchClient {
  /** Package name and version, as reported in the results. */
  readonly label: string;
  createTopic(topic: string, partitions: number): Promise<void>;
  /** A producer as the packet log uses it: idempotent, acks from all in-sync replicas, bounded retries. */
  producer(): Promise<BenchProducer>;
  /**
   * Joins `group`, reads `topic` from its beginning and hands each batch's packet ids to `onIds`; `onError` hears
   * what stops the consumer (where the client reports it).
   */
  consume(
    topic: string,
    group: string,
    onIds: (ids: string[]) => void,
    onError?: (error: unknown) => void,
  ): Promise<RunningConsumer>;
  close(): Promise<void>;
}

export interface BenchProducer {
  /** Resolves once the broker acknowledged every message (acks=all); rejects when the client gives up. */
  send(topic: string, messages: BenchMessage[]): Promise<void>;
  close(): Promise<void>;
}

/** The message header that carries the packet id, as in the product's packet log. */
export const ID_HEADER = 'packet-id';

/** Reads a header value as the clients hand it over (a Buffer, a string, or a list of them). */
export function headerText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (Array.isArray(value) && value.length > 0) return headerText(value[0]);
  return undefined;
}

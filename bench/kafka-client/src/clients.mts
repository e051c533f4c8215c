import { readFileSync } from 'node:fs';
import { Kafka as KafkaJs, logLevel as kafkaJsLogLevel, type Producer as KafkaJsProducer } from 'kafkajs';
import confluent from '@confluentinc/kafka-javascript';
import {
  Admin as PlatformaticAdmin,
  Consumer as PlatformaticConsumer,
  Producer as PlatformaticProducer,
  ProduceAcks,
  stringDeserializers,
  stringSerializers,
} from '@platformatic/kafka';
import { headerText, ID_HEADER, type BenchClient, type BenchMessage, type BenchProducer } from './client.mjs';

/** The installed version of a package of this folder (read from its package.json: not every one exports it). */
const versionOf = (name: string): string =>
  (
    JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version;

/** Retries of one send before it fails, as the packet log's `sendRetries` default. */
const SEND_RETRIES = 5;
/** How long a send may take before the client gives up, for the clients that bound a send by time. */
const SEND_TIMEOUT_MS = 30_000;

/** librdkafka's `linger.ms` (0 unless CONFLUENT_LINGER_MS says otherwise; librdkafka's default is 5). */
const LINGER_MS = Number(process.env.CONFLUENT_LINGER_MS ?? 0);

export type ClientName = 'kafkajs' | 'confluent' | 'platformatic';
export const CLIENT_NAMES: ClientName[] = ['kafkajs', 'confluent', 'platformatic'];

export function openClient(name: ClientName, brokers: string[]): BenchClient {
  switch (name) {
    case 'kafkajs':
      return new KafkaJsClient(brokers);
    case 'confluent':
      return new ConfluentClient(brokers);
    case 'platformatic':
      return new PlatformaticClient(brokers);
  }
}

/** kafkajs, configured as the product's KafkaPacketLog: a failed send replaces the producer (new producer id). */
class KafkaJsClient implements BenchClient {
  readonly label = `kafkajs ${versionOf('kafkajs')}`;
  private readonly kafka: KafkaJs;

  constructor(brokers: string[]) {
    this.kafka = new KafkaJs({ clientId: 'bench', brokers, logLevel: kafkaJsLogLevel.NOTHING });
  }

  async createTopic(topic: string, partitions: number): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      await admin.createTopics({ topics: [{ topic, numPartitions: partitions }], waitForLeaders: true });
    } finally {
      await admin.disconnect();
    }
  }

  async producer(): Promise<BenchProducer> {
    const make = async (): Promise<KafkaJsProducer> => {
      const producer = this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        retry: { retries: SEND_RETRIES },
      });
      await producer.connect();
      return producer;
    };
    let current: KafkaJsProducer | null = await make();
    return {
      async send(topic: string, messages: BenchMessage[]): Promise<void> {
        if (current === null) current = await make();
        try {
          await current.send({ topic, acks: -1, messages: messages.map(toKafkaJsMessage) });
        } catch (error) {
          // As the packet log: the old producer may hold a sequence number the broker never confirmed.
          const spoiled = current;
          current = null;
          await spoiled.disconnect().catch(() => undefined);
          throw error;
        }
      },
      async close(): Promise<void> {
        await current?.disconnect();
      },
    };
  }

  async consume(
    topic: string,
    group: string,
    onIds: (ids: string[]) => void,
    onError?: (error: unknown) => void,
  ) {
    const consumer = this.kafka.consumer({ groupId: group, allowAutoTopicCreation: false });
    consumer.on(consumer.events.CRASH, (event) => onError?.(event.payload.error));
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({
      eachBatch: async ({ batch }) => {
        onIds(batch.messages.map((m) => headerText(m.headers?.[ID_HEADER]) ?? ''));
      },
    });
    return { stop: () => consumer.disconnect() };
  }

  async close(): Promise<void> {}
}

function toKafkaJsMessage(message: BenchMessage) {
  return {
    key: message.key,
    value: message.value,
    partition: message.partition,
    headers: { [ID_HEADER]: message.id },
  };
}

/**
 * Confluent's client (librdkafka) through its KafkaJS-shaped API. librdkafka retries a send internally until
 * `message.timeout.ms`: bounded here to SEND_TIMEOUT_MS. Its idempotent producer recovers its own sequence state,
 * so the producer is kept after a failed send.
 */
class ConfluentClient implements BenchClient {
  readonly label = `@confluentinc/kafka-javascript ${versionOf('@confluentinc/kafka-javascript')} (librdkafka ${confluent.librdkafkaVersion}, linger.ms ${LINGER_MS})`;
  private readonly kafka: InstanceType<typeof confluent.KafkaJS.Kafka>;

  constructor(brokers: string[]) {
    this.kafka = new confluent.KafkaJS.Kafka({
      kafkaJS: { clientId: 'bench', brokers, logLevel: confluent.KafkaJS.logLevel.NOTHING },
    });
  }

  async createTopic(topic: string, partitions: number): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      await admin.createTopics({ topics: [{ topic, numPartitions: partitions }] });
    } finally {
      await admin.disconnect();
    }
  }

  async producer(): Promise<BenchProducer> {
    const producer = this.kafka.producer({
      'message.timeout.ms': SEND_TIMEOUT_MS,
      // librdkafka waits 5 ms by default for more messages; the collector groups its appends itself (GroupAppender)
      // and awaits each send, so the wait would only add latency.
      'linger.ms': LINGER_MS,
      kafkaJS: { idempotent: true, acks: -1, allowAutoTopicCreation: false },
    });
    await producer.connect();
    return {
      async send(topic: string, messages: BenchMessage[]): Promise<void> {
        await producer.send({ topic, messages: messages.map(toKafkaJsMessage) });
      },
      close: () => producer.disconnect(),
    };
  }

  async consume(topic: string, group: string, onIds: (ids: string[]) => void) {
    const consumer = this.kafka.consumer({
      // eachBatch hands at most 32 messages by default; the packet log reads larger batches.
      'js.consumer.max.batch.size': -1,
      kafkaJS: { groupId: group, fromBeginning: true, allowAutoTopicCreation: false },
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [topic] });
    await consumer.run({
      eachBatch: async ({ batch }) => {
        onIds(batch.messages.map((m) => headerText(m.headers?.[ID_HEADER]) ?? ''));
      },
    });
    return { stop: () => consumer.disconnect() };
  }

  async close(): Promise<void> {}
}

/**
 * Platformatic's client (pure JavaScript), with the same producer settings as the packet log's. It requires
 * Node 22.22 or later; on an older Node it runs here with Promise.withResolvers (Node 22) filled in, and its
 * label says so: figures for reference, not a supported setup.
 */
class PlatformaticClient implements BenchClient {
  readonly label: string;

  constructor(private readonly brokers: string[]) {
    const polyfilled = fillPromiseWithResolvers();
    this.label = `@platformatic/kafka ${versionOf('@platformatic/kafka')}${polyfilled ? ` (Node ${process.versions.node} + polyfill: unsupported)` : ''}`;
  }

  async createTopic(topic: string, partitions: number): Promise<void> {
    const admin = new PlatformaticAdmin({ clientId: 'bench', bootstrapBrokers: this.brokers });
    try {
      await admin.createTopics({ topics: [topic], partitions, replicas: 1 });
    } finally {
      await admin.close();
    }
  }

  async producer(): Promise<BenchProducer> {
    const producer = new PlatformaticProducer({
      clientId: 'bench',
      bootstrapBrokers: this.brokers,
      serializers: stringSerializers,
      idempotent: true,
      acks: ProduceAcks.ALL,
      retries: SEND_RETRIES,
      autocreateTopics: false,
    });
    return {
      async send(topic: string, messages: BenchMessage[]): Promise<void> {
        await producer.send({
          messages: messages.map((m) => ({
            topic,
            key: m.key,
            value: m.value,
            partition: m.partition,
            headers: { [ID_HEADER]: m.id },
          })),
        });
      },
      close: () => producer.close(),
    };
  }

  async consume(
    topic: string,
    group: string,
    onIds: (ids: string[]) => void,
    onError?: (error: unknown) => void,
  ) {
    const consumer = new PlatformaticConsumer({
      clientId: 'bench',
      groupId: group,
      bootstrapBrokers: this.brokers,
      deserializers: stringDeserializers,
    });
    const stream = await consumer.consume({ topics: [topic], mode: 'earliest', autocommit: true });
    stream.on('data', (message) => onIds([headerText(message.headers.get(ID_HEADER)) ?? '']));
    // The stream reports what the consumer cannot recover from.
    stream.on('error', (error) => onError?.(error));
    return {
      async stop(): Promise<void> {
        await stream.close();
        await consumer.close(true);
      },
    };
  }

  async close(): Promise<void> {}
}

interface Resolvers<T> {
  promise: Promise<T>;
  resolve: (value: T | PromiseLike<T>) => void;
  reject: (reason?: unknown) => void;
}

/** Adds Promise.withResolvers where Node lacks it (before 22); true when it did. */
function fillPromiseWithResolvers(): boolean {
  const promiseClass = Promise as PromiseConstructor & { withResolvers?: <T>() => Resolvers<T> };
  if (typeof promiseClass.withResolvers === 'function') return false;
  promiseClass.withResolvers = <T,>(): Resolvers<T> => {
    let resolve: Resolvers<T>['resolve'] = () => undefined;
    let reject: Resolvers<T>['reject'] = () => undefined;
    const promise = new Promise<T>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    return { promise, resolve, reject };
  };
  return true;
}

import type { Packet } from '@lorawatch/domain/packet';
import { ConfigResourceTypes, Kafka, type Admin, type KafkaConfig, type Producer } from 'kafkajs';
import { partitionForKey } from '../embedded/murmur2';
import {
  appendTimes,
  isPacketRecord,
  type AppendOptions,
  type AppendOutcome,
  type BatchHandler,
  type ConsumeOptions,
  type Consumer,
  type LogEntry,
  type LogRecord,
  type PacketLog,
} from '../packet-log.port';
import { KafkaGroupConsumer } from './kafka-consumer';
import {
  decodePacketMessages,
  entryMessage,
  messagePacketId,
  type RawMessage,
  type RejectedMessage,
} from './kafka-messages';
import { fetchCommitted, fetchWatermarks, whileLeaderMoves } from './kafka-admin';
import {
  byPartition,
  fromKafkaOffset,
  placeSentMessages,
  pruneTargets,
  readRange,
  toKafkaOffset,
} from './kafka-offsets';
import { KafkaReader } from './kafka-reader';
import { defaultKafkaLogger, kafkaLogCreator, type PacketLogLogger } from './kafka-log';
import { planTopic, replicationDrift, topicConfig, topicReplication, wantedReplication } from './kafka-topic';
import { RecentIds } from './recent-ids';
import {
  certificateRefusal,
  describeSasl,
  KafkaAuthenticationError,
  KafkaCertificateError,
  saslRefusal,
} from './kafka-security';

export interface KafkaPacketLogOptions {
  /** A kafkajs client, or the brokers to build one from. */
  kafka?: Kafka;
  brokers?: string[];
  clientId?: string;
  /**
   * TLS to the brokers, for the client built from `brokers` (kafkajs' `ssl`): true checks their certificates
   * against Node's CAs, `{ ca: [pem] }` against that CA; a certificate it does not accept makes open() fail after
   * kafkajs' retries (KafkaCertificateError). Default: plain text. A client given as `kafka` has its own.
   */
  ssl?: KafkaConfig['ssl'];
  /**
   * SASL authentication of the client built from `brokers` (kafkajs' `sasl`, e.g. `{ mechanism: 'scram-sha-512',
   * username, password }`). Credentials Kafka refuses make open() fail (KafkaAuthenticationError, naming the
   * mechanism and the user, never the password). Default: none.
   */
  sasl?: KafkaConfig['sasl'];
  /** Default "packets". */
  topic?: string;
  /** Default 4; the topic is created with it, or grown to it. */
  partitions?: number;
  /** Sets retention.ms when the topic is created (Kafka then prunes by itself). Default 30. */
  retentionDays?: number;
  /**
   * Copies of each partition when the topic is created. Default: 3, or the number of brokers the cluster shows
   * when fewer (1 on one broker). Given, and more than the brokers shown, the topic gets one per broker and a
   * warning names both. An existing topic that differs is reported (a warning), not changed.
   */
  replicationFactor?: number;
  /** min.insync.replicas of a created topic. Default: 2 with 3 or more copies, else 1; never above the copies. */
  minInsyncReplicas?: number;
  /**
   * Where the adapter and the kafkajs client it builds from `brokers` log (a client given as `kafka` keeps its
   * own logger): kafkajs' errors that are ordinary events (a rebalance, a broker restart it survives) at info or
   * warn, real errors at error (see kafka-log.ts). Default: the process's logger, context "Kafka".
   */
  logger?: PacketLogLogger;
  /** Prepended to every consumer-group id, so several deployments (or tests) can share a cluster. Default "". */
  groupPrefix?: string;
  /** Records per partition kept in the de-duplication / getById index. Default 10 000. */
  dedupWindow?: number;
  /** How often drained() looks at the committed offsets. Default 100. */
  pollIntervalMs?: number;
  /**
   * How old a consumer's topic metadata may get before it looks again: partitions added to the topic (by a newer
   * deployment, or by hand) are dealt to the group's members within about this. Default 30 000.
   */
  metadataMaxAgeMs?: number;
  /**
   * A consumer that has not heartbeaten for this long (a batch handler stuck, a process paused) is out of its
   * group, and its partitions are dealt to the other members. Default 30 000; the broker accepts 6 000 to
   * 300 000 unless configured otherwise. Heartbeats go every third of it, at most every 3 s.
   */
  sessionTimeoutMs?: number;
  /**
   * Appends waiting or being written on this connection, at most; one more is refused at once
   * (AppendRefusedError), so a Kafka outage holds a bounded amount of memory. Default 64.
   */
  maxPendingAppends?: number;
  /**
   * An append not stored within this long (waiting behind earlier ones included) fails (AppendRefusedError); the
   * caller must not acknowledge its packets, and appending them again is safe. Default 30 000.
   */
  appendTimeoutMs?: number;
  /** Times the producer retries one send before the append fails (never forever). Default 5. */
  sendRetries?: number;
  /** A single read() gives up after this long. Default 30 000. */
  readTimeoutMs?: number;
  onError?: (error: unknown) => void;
  /** Receives records that are not packets (skipped, never delivered). Default: a warning through `logger`. */
  onRejected?: (rejected: RejectedMessage[]) => void;
  /**
   * Counts the records on the topic that a consumer of this log skipped because they are neither packets nor
   * heartbeats (each time it skips one), besides onRejected: the process exposes it as a metric (a prom-client
   * Counter fits).
   */
  rejectedCounter?: { inc(count: number): void };
}

const READ_CHUNK = 1000;
/**
 * Times the messages of a failed send are sent again at least (see settleDoubt) before the producer is replaced; it
 * is kept, resending, for the append timeout at least too, which a leader change under load can outlast three tries.
 */
const MAX_RESENDS = 3;

interface DoubtfulMessage {
  id: string;
  message: ReturnType<typeof entryMessage>;
}

/** The messages of a send that failed, not yet known to be stored or not (see settleDoubt). */
interface Doubt {
  messages: DoubtfulMessage[];
  /** Resends that failed so far. */
  resends: number;
  /** When the send failed (Date.now()): resends go on through the same producer for the append timeout at least. */
  since: number;
  /** Some turned out stored: the producer is replaced once the rest is settled. */
  spoil: boolean;
}

function unansweredError(messages: DoubtfulMessage[]): Error {
  const partitions = [...new Set(messages.map(({ message }) => message.partition))].sort((a, b) => a - b);
  return new Error(
    `Kafka answered no offset for partition ${partitions.join(', ')}: those packets may or may not be stored, and the next append settles it (appending them again is safe)`,
  );
}

/**
 * An append that Kafka did not store: refused because too many appends already wait (an outage, or Kafka slower
 * than the traffic), or not stored in time. Nothing of it may be acknowledged upstream; appending the same packets
 * again is safe (an append that was stored after all is found by id and answered `appended: false`).
 */
export class AppendRefusedError extends Error {
  constructor(
    message: string,
    readonly reason: 'queue-full' | 'timed-out',
  ) {
    super(message);
    this.name = 'AppendRefusedError';
  }
}

/**
 * PacketLog on Kafka (kafkajs). Guarantees and limits are listed in ./README.md; in short:
 * - partitionFor is the embedded log's murmur2 (Kafka's own), and the producer sends to that partition explicitly;
 * - append is idempotent against producer retries (idempotent producer) and reports `appended: false` for a
 *   packet id found in the last `dedupWindow` records of its partition (the index catches up on other writers'
 *   records before each append); two processes appending the same id at the same moment can both write it;
 * - getById looks in that same index: a packet older than the window returns null;
 * - prune deletes records before the first one at or after the cutoff (deleteRecords); retention.ms does it
 *   without calling prune.
 */
export class KafkaPacketLog implements PacketLog {
  static async open(options: KafkaPacketLogOptions): Promise<KafkaPacketLog> {
    if (!options.kafka && (options.brokers ?? []).length === 0)
      throw new Error('KafkaPacketLog needs brokers');
    if (options.kafka && (options.ssl !== undefined || options.sasl !== undefined))
      throw new Error(
        'ssl and sasl apply to the client built from brokers: a client given as kafka has its own',
      );
    const kafka = options.kafka ?? KafkaPacketLog.client(options);
    const log = new KafkaPacketLog(kafka, options);
    try {
      await log.connect();
    } catch (error) {
      await log.close().catch(() => undefined);
      const refused = saslRefusal(error);
      if (refused)
        throw new KafkaAuthenticationError(
          `Kafka refused the packet log's credentials (${describeSasl(options.sasl)}): ${refused.message}`,
          error,
        );
      const untrusted = certificateRefusal(error);
      if (untrusted)
        throw new KafkaCertificateError(
          `The packet log did not accept Kafka's TLS certificate (${untrusted.code}: ${untrusted.message}): it must name the broker and be signed by a CA the client trusts (\`ssl.ca\`, else Node's CAs)`,
          error,
        );
      throw error;
    }
    return log;
  }

  /** The kafkajs client of `brokers`, with the TLS and SASL given. */
  private static client(options: KafkaPacketLogOptions): Kafka {
    const logger = options.logger ?? defaultKafkaLogger();
    const sasl = options.sasl;
    if (sasl?.mechanism === 'plain' && !options.ssl)
      logger.warn(`${describeSasl(sasl)} without TLS: the password crosses the network in clear text`);
    return new Kafka({
      clientId: options.clientId ?? 'lorawatch',
      brokers: options.brokers ?? [],
      ssl: options.ssl,
      sasl,
      logCreator: kafkaLogCreator(logger),
    });
  }

  readonly partitions: number;
  readonly topic: string;
  private readonly admin: Admin;
  private producer: Producer;
  /** The producer's sequence numbers can no longer be trusted: the next append makes a new producer. */
  private producerSpoiled = false;
  /**
   * The messages of the last send that failed: Kafka may have stored them (the answer was lost, or they are above
   * the high watermark of a partition whose leader just moved) or not. Settled before the next append.
   */
  private inDoubt: Doubt | null = null;
  private pending = 0;
  private readonly maxPending: number;
  private readonly appendTimeoutMs: number;
  private readonly reader: KafkaReader;
  private readonly index: RecentIds;
  private readonly consumers = new Set<KafkaGroupConsumer>();
  private appendQueue: Promise<unknown> = Promise.resolve();
  private rejectedCount = 0;
  private readonly logger: PacketLogLogger;

  private constructor(
    private readonly kafka: Kafka,
    private readonly options: KafkaPacketLogOptions,
  ) {
    this.partitions = options.partitions ?? 4;
    this.topic = options.topic ?? 'packets';
    this.logger = options.logger ?? defaultKafkaLogger();
    partitionForKey('', this.partitions); // validates the count
    this.maxPending = positiveInteger('maxPendingAppends', options.maxPendingAppends ?? 64);
    this.appendTimeoutMs = positiveInteger('appendTimeoutMs', options.appendTimeoutMs ?? 30_000);
    positiveInteger('sendRetries', options.sendRetries ?? 5);
    this.admin = kafka.admin();
    this.producer = this.newProducer();
    this.reader = new KafkaReader(kafka, this.topic, this.groupPrefix, options.readTimeoutMs ?? 30_000);
    this.index = new RecentIds(this.partitions, options.dedupWindow ?? 10_000);
  }

  /** Records skipped because they were not packets, since this log was opened. */
  get rejected(): number {
    return this.rejectedCount;
  }

  partitionFor(key: string): number {
    return partitionForKey(key, this.partitions);
  }

  /** Appends waiting or being written on this connection (at most `maxPendingAppends`). */
  get pendingAppends(): number {
    return this.pending;
  }

  append(packets: LogEntry[], options?: AppendOptions): Promise<AppendOutcome[]> {
    let times: number[] | null;
    try {
      times = appendTimes(packets, options);
    } catch (error) {
      return Promise.reject(error);
    }
    if (this.pending >= this.maxPending) {
      return Promise.reject(
        new AppendRefusedError(
          `Kafka append refused: ${this.pending} appends are already waiting for Kafka (at most ${this.maxPending}); nothing of this one was written`,
          'queue-full',
        ),
      );
    }
    this.pending += 1;
    const queuedAt = Date.now();
    // One append at a time per connection, so the index check and the write cannot interleave.
    const work = this.appendQueue
      .then(() => {
        // Its caller was already told it failed: writing it now would only delay the appends behind it.
        if (Date.now() - queuedAt >= this.appendTimeoutMs) throw this.timedOut();
        return this.appendNow(packets, times);
      })
      .finally(() => {
        this.pending -= 1;
      });
    this.appendQueue = work.catch(() => undefined);
    // The caller hears within appendTimeoutMs; a send still under way keeps its place in the queue (and counts as
    // pending) until the producer gives up, after its bounded retries.
    return new Promise<AppendOutcome[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(this.timedOut()), this.appendTimeoutMs);
      work.then(
        (outcomes) => {
          clearTimeout(timer);
          resolve(outcomes);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  async read(partition: number, fromOffset: number, maxCount: number): Promise<LogRecord[]> {
    this.checkPartition(partition);
    const messages = await this.readRaw(partition, fromOffset, maxCount);
    const { records, rejected } = decodePacketMessages(partition, messages);
    this.reportRejected(rejected);
    return records;
  }

  async endOffsets(): Promise<number[]> {
    return (await this.watermarks()).high;
  }

  committedOffsets(group: string): Promise<number[]> {
    return fetchCommitted(this.admin, this.groupId(group), this.topic, this.partitions);
  }

  async commit(group: string, partition: number, nextOffset: number): Promise<void> {
    this.checkPartition(partition);
    // Kafka refuses an admin offset change while the group has members: a member of this log commits it instead.
    const member = [...this.consumers].find((c) => c.group === group && c.owns(partition));
    if (member) return member.commitFromHandler(partition, nextOffset);
    await this.admin.setOffsets({
      groupId: this.groupId(group),
      topic: this.topic,
      partitions: [{ partition, offset: toKafkaOffset(nextOffset) }],
    });
  }

  consume(options: ConsumeOptions, handler: BatchHandler): Consumer {
    const owned = options.partitions?.map((partition) => this.checkPartition(partition)) ?? null;
    const consumer = new KafkaGroupConsumer(options, handler, {
      kafka: this.kafka,
      admin: this.admin,
      topic: this.topic,
      groupId: this.groupId(options.group),
      partitions: this.partitions,
      owned,
      pollIntervalMs: this.options.pollIntervalMs ?? 100,
      metadataMaxAgeMs: this.options.metadataMaxAgeMs ?? 30_000,
      sessionTimeoutMs: this.options.sessionTimeoutMs ?? 30_000,
      onError:
        this.options.onError ??
        ((error) => this.logger.error(`Packet log consumer stopped: ${describe(error)}`)),
      onRejected: (rejected) => this.reportRejected(rejected, true),
      onStopped: (stopped) => this.consumers.delete(stopped),
    });
    this.consumers.add(consumer);
    return consumer;
  }

  async getById(id: string): Promise<Packet | null> {
    const { low, high } = await this.watermarks();
    for (let partition = 0; partition < this.partitions; partition += 1) {
      await this.catchUp(partition, low[partition], high[partition]);
    }
    const place = this.index.findAnywhere(id);
    if (!place) return null;
    const [record] = await this.read(place.partition, place.offset, 1);
    if (record === undefined || record.offset !== place.offset || !isPacketRecord(record)) return null;
    return record.packet.id === id ? record.packet : null;
  }

  async prune(olderThan: string): Promise<number> {
    const cutoff = new Date(olderThan).getTime();
    if (Number.isNaN(cutoff)) throw new RangeError(`Invalid prune time "${olderThan}"`);
    const { low } = await this.watermarks();
    const atCutoff = await whileLeaderMoves(() =>
      this.admin.fetchTopicOffsetsByTimestamp(this.topic, cutoff),
    );
    const first = byPartition(
      atCutoff.map((entry) => ({ partition: entry.partition, offset: fromKafkaOffset(entry.offset) })),
      this.partitions,
    );
    const { deletions, removed } = pruneTargets(low, first);
    if (deletions.length === 0) return 0;
    await this.admin.deleteTopicRecords({
      topic: this.topic,
      partitions: deletions.map((d) => ({ partition: d.partition, offset: toKafkaOffset(d.offset) })),
    });
    for (const deletion of deletions) this.index.dropBelow(deletion.partition, deletion.offset);
    return removed;
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((consumer) => consumer.stop().catch(() => undefined)));
    await this.appendQueue;
    await this.reader.close().catch(() => undefined);
    await Promise.all(
      [this.producer.disconnect(), this.admin.disconnect()].map((p) => p.catch(() => undefined)),
    );
  }

  private async connect(): Promise<void> {
    await this.admin.connect();
    await this.ensureTopic();
    await this.producer.connect();
  }

  private async ensureTopic(): Promise<void> {
    const topics = await this.admin.listTopics();
    let existing: number | null = null;
    if (topics.includes(this.topic)) {
      const metadata = await this.admin.fetchTopicMetadata({ topics: [this.topic] });
      existing = metadata.topics.find((t) => t.name === this.topic)?.partitions.length ?? null;
    }
    const plan = planTopic(this.topic, existing, this.partitions);
    const { brokers } = await this.admin.describeCluster();
    if (plan.action !== 'create')
      await this.checkReplication(wantedReplication(this.options, brokers.length));
    if (plan.action === 'create') {
      // Chosen from the brokers the cluster shows now: Kafka refuses more copies than brokers.
      const { shortfall, ...replication } = topicReplication(this.options, brokers.length, this.topic);
      if (shortfall) this.logger.warn(shortfall);
      const config = topicConfig({
        topic: this.topic,
        partitions: this.partitions,
        retentionDays: this.options.retentionDays ?? 30,
        ...replication,
      });
      // False means another process created it meanwhile, which is as good.
      await this.admin.createTopics({ topics: [config], waitForLeaders: false });
    } else if (plan.action === 'grow') {
      await this.admin.createPartitions({ topicPartitions: [{ topic: this.topic, count: plan.count }] });
    }
    // Ready once every partition answers ListOffsets: kafkajs' own wait for leaders gives up on a KRaft broker that
    // has not applied the new topic yet, and the first append or read would fail the same way.
    if (plan.action !== 'none') await this.watermarks();
  }

  /** The replication of the topic as it is: copies of its partitions, and its min.insync.replicas. */
  async describeReplication(): Promise<{
    replicationFactor: number | null;
    minInsyncReplicas: number | null;
  }> {
    // Right after the topic was created, a broker that has not applied it yet answers UNKNOWN_TOPIC_OR_PARTITION.
    const metadata = await whileLeaderMoves(() => this.admin.fetchTopicMetadata({ topics: [this.topic] }));
    const partitions = metadata.topics.find((t) => t.name === this.topic)?.partitions ?? [];
    const replicas = partitions.map((partition) => partition.replicas.length);
    const described = await whileLeaderMoves(() =>
      this.admin.describeConfigs({
        resources: [
          { type: ConfigResourceTypes.TOPIC, name: this.topic, configNames: ['min.insync.replicas'] },
        ],
        includeSynonyms: false,
      }),
    );
    const entry = described.resources[0]?.configEntries.find((e) => e.configName === 'min.insync.replicas');
    return {
      replicationFactor: replicas.length > 0 ? Math.min(...replicas) : null,
      minInsyncReplicas: entry ? Number(entry.configValue) : null,
    };
  }

  /** An existing topic is not changed: what differs from the replication wanted is reported. */
  private async checkReplication(wanted: {
    replicationFactor: number;
    minInsyncReplicas: number;
  }): Promise<void> {
    const drift = replicationDrift(this.topic, wanted, await this.describeReplication());
    for (const problem of drift) this.logger.warn(`${problem}: Kafka does not change it by itself`);
  }

  private async appendNow(packets: LogEntry[], times: number[] | null): Promise<AppendOutcome[]> {
    if (packets.length === 0) return [];
    const messages = packets.map((packet, index) =>
      entryMessage(packet, this.partitions, times ? times[index] : undefined),
    );
    const { low, high } = await this.watermarks();
    const doubtful = this.inDoubt?.messages.map(({ message }) => message.partition) ?? [];
    for (const partition of new Set([...messages.map((m) => m.partition), ...doubtful])) {
      await this.catchUp(partition, low[partition], high[partition]);
    }
    if (this.inDoubt) await this.settleDoubt(this.inDoubt);
    const outcomes: Array<AppendOutcome | null> = [];
    const toSend: Array<{ index: number; partition: number }> = [];
    const inCall = new Map<string, number>();
    packets.forEach((packet, index) => {
      const { partition } = messages[index];
      const offset = this.index.find(partition, packet.id);
      if (offset !== undefined) {
        outcomes.push({ appended: false, partition, offset });
      } else if (inCall.has(packet.id)) {
        outcomes.push(null); // same id twice in one call: placed after the send, like its first copy
      } else {
        inCall.set(packet.id, index);
        toSend.push({ index, partition });
        outcomes.push(null);
      }
    });
    if (toSend.length > 0) {
      const producer = await this.usableProducer();
      const entries = toSend.map(({ index }) => ({ id: packets[index].id, message: messages[index] }));
      let sent: Awaited<ReturnType<Producer['send']>>;
      try {
        sent = await producer.send({ topic: this.topic, acks: -1, messages: entries.map((e) => e.message) });
      } catch (error) {
        this.inDoubt = { messages: entries, resends: 0, spoil: false, since: Date.now() };
        throw error;
      }
      const { offsets, unanswered } = this.placeAnswered(entries, sent);
      if (unanswered.length > 0) {
        // kafkajs can resolve a send without the partitions whose leader moved while it retried.
        this.inDoubt = { messages: unanswered, resends: 0, spoil: false, since: Date.now() };
        throw unansweredError(unanswered);
      }
      toSend.forEach(({ index, partition }, position) => {
        outcomes[index] = { appended: true, partition, offset: offsets[position] as number };
      });
    }
    return outcomes.map((outcome, index) => {
      if (outcome) return outcome;
      const first = outcomes[inCall.get(packets[index].id) ?? index];
      if (!first) throw new Error(`Packet ${packets[index].id} was not placed`);
      return { ...first, appended: false };
    });
  }

  /**
   * Settles the messages of a send that failed, once their partitions are caught up. Those now in the index were
   * stored. The others may still have been stored above the high watermark of a partition whose leader moved, where
   * no read sees them yet: they are sent again, exactly as before, by the same idempotent producer, which gives them
   * the same sequence numbers (kafkajs takes a failed batch's numbers back), so the broker stores them if it had
   * not, or answers with the offsets it had stored them at. A producer whose numbers went past a stored batch (its
   * partition is found in the index) is replaced, as is one whose resend keeps failing (MAX_RESENDS times and for the
   * append timeout: a leader change under load can take longer than a few resends): a packet of the doubtful
   * send appended again afterwards could then be written twice, if it was stored and is not yet readable.
   */
  private async settleDoubt(doubt: Doubt): Promise<void> {
    const open = doubt.messages.filter(
      ({ id, message }) => this.index.find(message.partition, id) === undefined,
    );
    // Stored, while kafkajs took the batch's sequence numbers back: the producer's next batch there would reuse them.
    if (open.length < doubt.messages.length) doubt.spoil = true;
    doubt.messages = open;
    if (open.length > 0 && !this.producerSpoiled) {
      try {
        const sent = await this.producer.send({
          topic: this.topic,
          acks: -1,
          messages: open.map((m) => m.message),
        });
        doubt.messages = this.placeAnswered(open, sent).unanswered;
        if (doubt.messages.length > 0) throw unansweredError(doubt.messages);
      } catch (error) {
        doubt.resends += 1;
        if (doubt.resends < MAX_RESENDS || Date.now() - doubt.since < this.appendTimeoutMs) throw error;
        this.producerSpoiled = true;
        this.inDoubt = null;
        throw error;
      }
    }
    if (doubt.spoil) this.producerSpoiled = true;
    this.inDoubt = null;
  }

  /**
   * Indexes the messages of a send at the offsets Kafka answered for their partitions; returns their offsets (null
   * where unanswered) and the messages of the partitions Kafka gave no offset for.
   */
  private placeAnswered(
    entries: DoubtfulMessage[],
    sent: Awaited<ReturnType<Producer['send']>>,
  ): { offsets: Array<number | null>; unanswered: DoubtfulMessage[] } {
    const answers = sent.filter((entry) => entry.errorCode === 0 && entry.baseOffset !== undefined);
    const answered = new Set(answers.map((entry) => entry.partition));
    const placed = entries.filter(({ message }) => answered.has(message.partition));
    const offsets = placeSentMessages(
      placed.map(({ message }) => message.partition),
      answers,
    );
    const offsetOf = new Map(placed.map((entry, position) => [entry, offsets[position]]));
    placed.forEach(({ id, message }, position) => this.index.add(message.partition, id, offsets[position]));
    return {
      offsets: entries.map((entry) => offsetOf.get(entry) ?? null),
      unanswered: entries.filter(({ message }) => !answered.has(message.partition)),
    };
  }

  private newProducer(): Producer {
    return this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
      // Bounded: kafkajs' idempotent producer retries forever by default, holding every append during an outage.
      retry: { retries: this.options.sendRetries ?? 5 },
    });
  }

  /**
   * The producer, or a new one after a failed send. A send that failed may still have been written: the old
   * producer would give its next batch the same sequence number, which the broker takes for a copy of the
   * written one and drops while answering success. A new producer has a new producer id and starts its sequence
   * afresh; the packets of the failed send, appended again, are found in the log by id.
   */
  private async usableProducer(): Promise<Producer> {
    if (!this.producerSpoiled) return this.producer;
    const old = this.producer;
    await old.disconnect().catch(() => undefined);
    const fresh = this.newProducer();
    this.producer = fresh;
    await fresh.connect(); // still spoiled if this fails: the next append tries again
    this.producerSpoiled = false;
    return fresh;
  }

  private timedOut(): AppendRefusedError {
    return new AppendRefusedError(
      `Kafka did not store the append within ${this.appendTimeoutMs} ms; it must not be acknowledged (appending it again is safe)`,
      'timed-out',
    );
  }

  /** Indexes the ids written to a partition (by any process) since the index last looked, within the window. */
  private async catchUp(partition: number, low: number, high: number): Promise<void> {
    this.index.dropBelow(partition, low);
    let missing = this.index.missing(partition, low, high);
    while (missing) {
      const messages = await this.readRaw(
        partition,
        missing.start,
        Math.min(READ_CHUNK, missing.end - missing.start),
      );
      if (messages.length === 0) {
        this.index.markIndexed(partition, missing.end);
        break;
      }
      for (const message of messages) {
        const offset = fromKafkaOffset(message.offset);
        const id = messagePacketId(message);
        if (id === null) this.index.markIndexed(partition, offset + 1);
        else this.index.add(partition, id, offset);
      }
      this.index.markIndexed(partition, fromKafkaOffset(messages[messages.length - 1].offset) + 1);
      missing = this.index.missing(partition, low, high);
    }
  }

  private async readRaw(partition: number, fromOffset: number, maxCount: number): Promise<RawMessage[]> {
    const offsets = await whileLeaderMoves(() => this.admin.fetchTopicOffsets(this.topic));
    const entry = offsets.find((o) => o.partition === partition);
    if (!entry) return [];
    const range = readRange(fromOffset, maxCount, fromKafkaOffset(entry.low), fromKafkaOffset(entry.high));
    return range ? this.reader.read(partition, range.start, range.end) : [];
  }

  private watermarks(): Promise<{ low: number[]; high: number[] }> {
    return fetchWatermarks(this.admin, this.topic, this.partitions);
  }

  private reportRejected(rejected: RejectedMessage[], byConsumer = false): void {
    if (rejected.length === 0) return;
    this.rejectedCount += rejected.length;
    if (byConsumer) this.options.rejectedCounter?.inc(rejected.length);
    (
      this.options.onRejected ??
      ((r) =>
        this.logger.warn(
          `Skipped ${r.length} record(s) of the topic ${this.topic} that are not packets: ${r
            .map((one) => `partition ${one.partition} offset ${one.offset} (${one.reason})`)
            .join(', ')}`,
        ))
    )(rejected);
  }

  private groupId(group: string): string {
    return `${this.groupPrefix}${group}`;
  }

  private get groupPrefix(): string {
    return this.options.groupPrefix ?? '';
  }

  private checkPartition(partition: number): number {
    if (!Number.isInteger(partition) || partition < 0 || partition >= this.partitions) {
      throw new RangeError(`Partition ${partition} is outside 0..${this.partitions - 1}`);
    }
    return partition;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive integer, not ${value}`);
  return value;
}

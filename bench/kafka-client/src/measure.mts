import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { BenchClient, BenchMessage } from './client.mjs';

const run = promisify(execFile);

/** Bytes of one record's value: the packet log's JSON records are about 1 KB. */
const VALUE_BYTES = 1000;
/** Devices whose packets the records carry (the key, and so the partition, of each record). */
const DEVICES = 500;

/** The n-th record of a run: a device key, its partition, and a ~1 KB JSON value with the packet id in it. */
export function benchMessage(run: string, n: number, partitions: number): BenchMessage {
  const device = n % DEVICES;
  const id = `${run}-${n}`;
  const key = `device-${device.toString(16).padStart(16, '0')}`;
  const head = JSON.stringify({
    id,
    devEui: key,
    gatewayId: `gw-${n % 40}`,
    receivedAt: n,
    rssi: -80,
    snr: 7.5,
  });
  // The value is the JSON head with a hex payload filling it up to VALUE_BYTES.
  const payload = 'a1'.repeat(Math.max(0, (VALUE_BYTES - head.length - 14) >> 1));
  return { id, key, partition: device % partitions, value: `${head.slice(0, -1)},"payload":"${payload}"}` };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rejects with `what` timed out after `ms`; the work itself goes on (clients have no cancel). */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 240);
}

export interface AppendResult {
  batch: number;
  records: number;
  seconds: number;
  recordsPerSecond: number;
  megabytesPerSecond: number;
  sendP50Ms: number;
  sendP99Ms: number;
}

/**
 * Appends `records` records in sends of `batch`, one send at a time (the collector's group commit: the next
 * group is sent when the previous one is acknowledged). One send before the clock starts connects the producer.
 */
export async function measureAppends(
  client: BenchClient,
  topic: string,
  partitions: number,
  records: number,
  batch: number,
): Promise<AppendResult> {
  const producer = await client.producer();
  try {
    const tag = `${topic}-w`;
    await producer.send(
      topic,
      Array.from({ length: batch }, (_, i) => benchMessage(tag, i, partitions)),
    );
    const latencies: number[] = [];
    let bytes = 0;
    const started = performance.now();
    for (let sent = 0; sent < records; sent += batch) {
      const messages = Array.from({ length: Math.min(batch, records - sent) }, (_, i) =>
        benchMessage(topic, sent + i, partitions),
      );
      for (const m of messages) bytes += m.value.length + m.key.length;
      const before = performance.now();
      await producer.send(topic, messages);
      latencies.push(performance.now() - before);
    }
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      batch,
      records,
      seconds,
      recordsPerSecond: records / seconds,
      megabytesPerSecond: bytes / 1e6 / seconds,
      sendP50Ms: percentile(latencies, 50),
      sendP99Ms: percentile(latencies, 99),
    };
  } finally {
    await producer.close().catch(() => undefined);
  }
}

export interface ConsumeResult {
  records: number;
  /** From the consumer's start to its first records: connecting, joining the group, the first fetch. */
  firstRecordSeconds: number;
  /** From the first records to the last. */
  seconds: number;
  recordsPerSecond: number;
}

/** A new group member reads the topic from its beginning until it has seen `expected` records. */
export async function measureConsumption(
  client: BenchClient,
  topic: string,
  expected: number,
  timeoutMs: number,
): Promise<ConsumeResult> {
  let seen = 0;
  let first = 0;
  let last = 0;
  let done: () => void = () => undefined;
  const all = new Promise<void>((resolve) => (done = resolve));
  const started = performance.now();
  const consumer = await client.consume(topic, `${topic}-group`, (ids) => {
    if (ids.length === 0) return;
    if (seen === 0) first = performance.now();
    seen += ids.length;
    if (seen >= expected) {
      last = performance.now();
      done();
    }
  });
  try {
    await within(timeoutMs, `reading ${expected} records (read ${seen})`, all);
  } finally {
    await consumer.stop().catch(() => undefined);
  }
  const seconds = (last - first) / 1000;
  return {
    records: seen,
    firstRecordSeconds: (first - started) / 1000,
    seconds,
    recordsPerSecond: seen / seconds,
  };
}

export interface DrillResult {
  brokerDownSeconds: number;
  /** Sends acknowledged by the broker. */
  acknowledged: number;
  failedSends: number;
  firstError: string | null;
  /** What the consumer that ran through the outage reported as stopping it, if anything. */
  consumerError: string | null;
  /** From the broker serving again to the first acknowledged send after the outage. */
  producerRecoverySeconds: number | null;
  /** The group consumer that ran through the outage saw every acknowledged record (waited for up to 60 s). */
  consumerResumed: boolean;
  /** From the broker serving again to that consumer seeing the first record sent after it. */
  consumerRecoverySeconds: number | null;
  /** Read back by a new group: acknowledged records missing from the log. */
  lost: number | null;
  /** Read back by a new group: records in the log more than once. */
  duplicates: number | null;
  /** Written although their send failed (counted, not an error: the failed send is retried as a redelivery). */
  writtenUnacknowledged: number | null;
  rssBeforeMb: number;
  rssMaxDuringOutageMb: number;
}

/** The broker of a KAFKA_DIR, halted and restarted by the repository's own script. */
export class Broker {
  readonly version: string;

  constructor(
    private readonly script: string,
    private readonly dir: string,
  ) {
    // A restart moves the log aside and starts a new one: the line is in one of the two.
    const found = ['server.log', 'server.log.previous']
      .map((name) =>
        existsSync(`${dir}/${name}`)
          ? /Kafka version: (\S+)/.exec(readFileSync(`${dir}/${name}`, 'utf8'))
          : null,
      )
      .find((match) => match !== null);
    if (!found) throw new Error(`no Kafka version in ${dir}/server.log`);
    this.version = found[1];
  }

  async halt(): Promise<void> {
    await run('bash', [this.script, 'halt', this.dir], { env: this.env() });
  }

  async restart(): Promise<void> {
    await run('bash', [this.script, 'restart', this.dir], { env: this.env() });
  }

  /** The restart must start the jars of the version that formatted the store. */
  private env(): NodeJS.ProcessEnv {
    return { ...process.env, KAFKA_VERSION: this.version };
  }
}

const rssMb = () => process.memoryUsage().rss / 1e6;

/**
 * The outage drill: a producer sending batches of 100 (a pause of 20 ms between sends) and a group consumer run
 * while the broker is halted for `downMs` and restarted. A failed send is retried after 500 ms with the same
 * records, as a collector's broker redelivers them. Then a new group reads the whole topic back.
 */
export async function drill(
  client: BenchClient,
  broker: Broker,
  topic: string,
  partitions: number,
  downMs: number,
): Promise<DrillResult> {
  await client.createTopic(topic, partitions);
  const seenLive = new Set<string>();
  // The first record sent after the broker serves again, and when the consumer that ran through the outage saw it.
  let firstAfterRestart = Number.POSITIVE_INFINITY;
  let consumerBackAt = 0;
  let consumerError: string | null = null;
  const live = await client.consume(
    topic,
    `${topic}-live`,
    (ids) => {
      for (const id of ids) {
        seenLive.add(id);
        if (consumerBackAt === 0 && Number(id.slice(id.lastIndexOf('-') + 1)) >= firstAfterRestart)
          consumerBackAt = performance.now();
      }
    },
    (error) => (consumerError ??= describe(error)),
  );
  const producer = await client.producer();
  const acknowledged = new Set<string>();
  let failedSends = 0;
  let firstError: string | null = null;
  let phase = 'before' as 'before' | 'down' | 'restarting' | 'after';
  let servingAgainAt = 0;
  let recoveredAt = 0;
  let stopping = false;

  let n = 0;
  const loop = (async () => {
    while (!stopping) {
      const messages = Array.from({ length: 100 }, (_, i) => benchMessage(topic, n + i, partitions));
      try {
        await producer.send(topic, messages);
        for (const m of messages) acknowledged.add(m.id);
        if ((phase === 'restarting' || phase === 'after') && recoveredAt === 0)
          recoveredAt = performance.now();
        n += messages.length;
        await sleep(20);
      } catch (error) {
        failedSends += 1;
        firstError ??= describe(error);
        await sleep(500);
      }
    }
  })();

  const rssBefore = rssMb();
  let rssMax = rssBefore;
  const sampler = setInterval(() => {
    if (phase === 'down' || phase === 'restarting') rssMax = Math.max(rssMax, rssMb());
  }, 200);

  await sleep(3000);
  phase = 'down';
  const downAt = performance.now();
  await broker.halt();
  await sleep(downMs);
  phase = 'restarting';
  await broker.restart();
  servingAgainAt = performance.now();
  firstAfterRestart = n;
  phase = 'after';
  await sleep(10_000);
  stopping = true;
  clearInterval(sampler);
  // A send parked in the client during the outage may still be under way: give it its bounded time.
  await within(90_000, 'the producer loop to end', loop).catch(() => undefined);
  await producer.close().catch(() => undefined);

  const caughtUp = () => [...acknowledged].every((id) => seenLive.has(id));
  const waitUntil = performance.now() + 60_000;
  while (!caughtUp() && performance.now() < waitUntil) await sleep(200);
  const consumerResumed = caughtUp();
  const consumerRecoverySeconds = consumerBackAt === 0 ? null : (consumerBackAt - servingAgainAt) / 1000;
  await live.stop().catch(() => undefined);

  // Read back with a new group until nothing new came for 3 s (60 s at most).
  const counts = new Map<string, number>();
  let lastNew = performance.now();
  let readBack: { stop(): Promise<void> } | null = null;
  let readBackError: string | null = null;
  try {
    readBack = await client.consume(topic, `${topic}-check`, (ids) => {
      for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
      lastNew = performance.now();
    });
    const readUntil = performance.now() + 60_000;
    while (performance.now() < readUntil) {
      await sleep(200);
      if (counts.size >= acknowledged.size && performance.now() - lastNew > 3000) break;
    }
  } catch (error) {
    readBackError = describe(error);
  } finally {
    await readBack?.stop().catch(() => undefined);
  }
  const checked = readBackError === null;
  let duplicates = 0;
  for (const count of counts.values()) duplicates += count - 1;
  return {
    brokerDownSeconds: (servingAgainAt - downAt) / 1000,
    acknowledged: acknowledged.size,
    failedSends,
    firstError: firstError ?? readBackError,
    consumerError,
    producerRecoverySeconds: recoveredAt === 0 ? null : Math.max(0, recoveredAt - servingAgainAt) / 1000,
    consumerResumed,
    consumerRecoverySeconds,
    lost: checked ? [...acknowledged].filter((id) => !counts.has(id)).length : null,
    duplicates: checked ? duplicates : null,
    writtenUnacknowledged: checked ? [...counts.keys()].filter((id) => !acknowledged.has(id)).length : null,
    rssBeforeMb: rssBefore,
    rssMaxDuringOutageMb: rssMax,
  };
}

import { isPacketRecord, type PacketLog } from '../packet-log.port';

/**
 * What the drills against a packet log share (the Kafka outage, cluster and read drills, the collectors' lease and
 * restart drills): waiting until the log holds what was sent, reading back where each packet landed, and a process's
 * view of a port that can be cut off (a collector that dies stops renewing its lease and appending).
 */

export interface Place {
  partition: number;
  offset: number;
}

const READ_CHUNK = 2_000;

/** Every packet id in the log, with each place a record holds it (two places: written twice), partitions in order. */
export async function packetPlaces(log: PacketLog): Promise<Map<string, Place[]>> {
  const ends = await log.endOffsets();
  const places = new Map<string, Place[]>();
  for (const [partition, end] of ends.entries()) {
    for (let offset = 0; offset < end;) {
      const records = await log.read(partition, offset, Math.min(READ_CHUNK, end - offset));
      if (records.length === 0) break;
      for (const record of records) {
        if (!isPacketRecord(record)) continue;
        const held = places.get(record.packet.id) ?? [];
        held.push({ partition: record.partition, offset: record.offset });
        places.set(record.packet.id, held);
      }
      offset = records[records.length - 1].offset + 1;
    }
  }
  return places;
}

/** The ids a log holds more than once (empty when every packet is there once). */
export function doubledIds(places: Map<string, Place[]>): string[] {
  return [...places].filter(([, held]) => held.length > 1).map(([id]) => id);
}

export interface WaitOptions {
  /** Default 30 000. */
  timeoutMs?: number;
  /** Default 100. */
  pollMs?: number;
  /** What is waited for, in the timeout's message. */
  what?: string;
}

/**
 * Polls `probe` until it answers something other than null, and resolves with it; fails after the timeout, naming
 * what it waited for and the last `seen` description the probe gave.
 */
export async function pollUntil<T>(
  probe: () => Promise<{ value: T | null; seen: string }>,
  { timeoutMs = 30_000, pollMs = 100, what = 'a condition' }: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { value, seen } = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what} (last seen: ${seen})`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * Waits until the log holds `count` different packets (at least), and resolves with every packet's places. Reads
 * the whole log at each look: for logs of a few thousand records; `waitForRecords` looks at the end offsets only.
 */
export function waitForPackets(
  log: PacketLog,
  count: number,
  options: WaitOptions = {},
): Promise<Map<string, Place[]>> {
  return pollUntil(
    async () => {
      const places = await packetPlaces(log);
      return { value: places.size >= count ? places : null, seen: `${places.size} packets` };
    },
    { what: `${count} packets in the log`, ...options },
  );
}

/** Waits until the log's partitions hold `count` records (packets and heartbeats) in all, by their end offsets. */
export function waitForRecords(log: PacketLog, count: number, options: WaitOptions = {}): Promise<number[]> {
  return pollUntil(
    async () => {
      const ends = await log.endOffsets();
      const total = ends.reduce((sum, end) => sum + end, 0);
      return { value: total >= count ? ends : null, seen: `${total} records (${ends.join(' + ')})` };
    },
    { what: `${count} records in the log`, ...options },
  );
}

/**
 * A process's view of a port (an event store, a packet log) with a switch: while `cut` is set, the methods named
 * fail as if the port were unreachable (a collector process that died renews no lease and appends nothing); the
 * other methods, and all of them once `cut` is cleared, reach the port itself. Closing the view closes nothing.
 */
export function cuttable<T extends object>(
  target: T,
  methods: ReadonlyArray<keyof T>,
  failure = 'the process is gone',
): T & { cut: boolean } {
  const view = { cut: false };
  return new Proxy(target, {
    get(object, property, receiver) {
      if (property === 'cut') return view.cut;
      if (property === 'close') return async () => undefined;
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (methods.includes(property as keyof T))
        return (...args: unknown[]) =>
          view.cut ? Promise.reject(new Error(failure)) : method.apply(object, args);
      return method.bind(object);
    },
    set(object, property, value, receiver) {
      if (property === 'cut') {
        view.cut = value as boolean;
        return true;
      }
      return Reflect.set(object, property, value, receiver);
    },
  }) as T & { cut: boolean };
}

/** The part of a Kafka client a test's clean-up needs: an admin connection. */
interface KafkaAdmins {
  admin(): {
    connect(): Promise<void>;
    deleteTopics(request: { topics: string[] }): Promise<unknown>;
    disconnect(): Promise<void>;
  };
}

/** Deletes a test's topic on the broker (a topic already gone is no failure), when the suite had a broker at all. */
export async function deleteTestTopic(kafka: KafkaAdmins | undefined, topic: string): Promise<void> {
  if (!kafka) return;
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  } finally {
    await admin.disconnect();
  }
}

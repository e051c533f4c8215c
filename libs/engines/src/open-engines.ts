import type { AppConfig } from '@lorawatch/config/app-config';
import { SqliteEventStore } from '@lorawatch/event-store/embedded/sqlite-event-store';
import type { ChainLinkLog } from '@lorawatch/event-store/chain/chain-link-log';
import type { EventStore } from '@lorawatch/event-store/event-store.port';
import type { StreamBound } from '@lorawatch/event-store/kurrent/kurrent-idempotency';
import { UpcastingEventStore } from '@lorawatch/event-store/upcasting/upcasting-event-store';
import { SqlitePacketLog } from '@lorawatch/packet-log/embedded/sqlite-packet-log';
import type { PacketLog } from '@lorawatch/packet-log/packet-log.port';
import { SqliteReadStore } from '@lorawatch/read-store/embedded/sqlite-read-store';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { openDatabase, type Database } from '@lorawatch/sqlite/open-database';
import { engineKinds, type EngineKind } from '@lorawatch/config/engine-urls';
import { productUpcasters } from './product-upcasters';

/** The three engines one process works on, whichever adapters the configuration chose. */
export interface Engines {
  events: EventStore;
  packets: PacketLog;
  store: ReadStore;
  kinds: { events: EngineKind; packets: EngineKind; reads: EngineKind };
  /**
   * A store that cannot chain its appends as it records them (KurrentDB: docs/architecture.md §10): the recorded
   * events as stored (never upcast: the hashes cover what was written) and the log of the chain's links, which a
   * chainer writes after the fact and verification reads. Null for the embedded store, which chains in its appends.
   */
  chain: { store: EventStore; links: ChainLinkLog } | null;
  close(): Promise<void>;
}

/** What openEngines reads of the configuration. */
export type EngineSettings = Pick<
  AppConfig,
  'engines' | 'databaseFile' | 'packetLogPartitions' | 'instanceId' | 'kafkaReplication' | 'kafkaSecurity'
>;

export interface OpenEnginesOptions {
  onError?: (error: unknown) => void;
  /** Days of packets the log keeps. Default 30. */
  retentionDays?: number;
  /**
   * Hand out events in their current schema version (default). A migration copies them as they were recorded, so
   * that the stored history is never rewritten.
   */
  upcast?: boolean;
  /**
   * Streams that only their latest events matter in (collector leases and presence): on KurrentDB each gets a
   * $maxCount so renewals do not pile up for ever; the embedded store keeps them whole.
   */
  streamBounds?: readonly StreamBound[];
  /** Counts the records on the Kafka packet topic that a consumer skipped because they are not packets (a metric). */
  packetLogRejected?: { inc(count: number): void };
}

/**
 * Opens the engines of the configuration: the SQLite file in DATA_DIR for every port without a server URL (opened
 * once, shared by those ports), the KurrentDB / Kafka / MongoDB adapters for the others. What was opened before a
 * failure is closed again. The server adapters and their clients (some 500 modules) are loaded only when
 * configured: every thread of the standalone console would otherwise compile them at each start.
 */
export async function openEngines(
  settings: EngineSettings,
  options: OpenEnginesOptions = {},
): Promise<Engines> {
  const kinds = engineKinds(settings.engines);
  const retentionDays = options.retentionDays ?? 30;
  const onError = options.onError;
  const closers: Array<() => Promise<void> | void> = [];
  let database: Database | null = null;
  const sqlite = (): Database => {
    if (database) return database;
    const db = openDatabase(settings.databaseFile);
    closers.push(() => {
      if (db.open) db.close();
    });
    database = db;
    return db;
  };
  try {
    const kurrent = settings.engines.eventStore
      ? (await import('@lorawatch/event-store/kurrent/kurrent-event-store')).KurrentEventStore.connect(
          settings.engines.eventStore,
          { onError, streamBounds: options.streamBounds },
        )
      : null;
    const recorded: EventStore = kurrent ?? new SqliteEventStore(sqlite(), { onError });
    const chain = kurrent ? { store: kurrent, links: kurrent.chainLinkLog() } : null;
    const events = options.upcast === false ? recorded : new UpcastingEventStore(recorded, productUpcasters);
    closers.unshift(() => events.close());
    const packets: PacketLog =
      settings.engines.kafkaBrokers.length > 0
        ? await (
            await import('@lorawatch/packet-log/kafka/kafka-packet-log')
          ).KafkaPacketLog.open({
            brokers: settings.engines.kafkaBrokers,
            ...(await import('@lorawatch/packet-log/kafka/kafka-security')).kafkaClientSecurity(
              settings.kafkaSecurity,
            ),
            clientId: `lorawatch-${settings.instanceId}`,
            partitions: settings.packetLogPartitions,
            replicationFactor: settings.kafkaReplication.replicationFactor ?? undefined,
            minInsyncReplicas: settings.kafkaReplication.minInsyncReplicas ?? undefined,
            retentionDays,
            onError,
            rejectedCounter: options.packetLogRejected,
          })
        : new SqlitePacketLog(sqlite(), { partitions: settings.packetLogPartitions, retentionDays, onError });
    closers.unshift(() => packets.close());
    const store: ReadStore = settings.engines.mongodb
      ? await (
          await import('@lorawatch/read-store/mongo/mongo-read-store')
        ).MongoReadStore.connect(settings.engines.mongodb)
      : new SqliteReadStore(sqlite());
    closers.unshift(() => store.close());
    return { events, packets, store, kinds, chain, close: () => closeAll(closers) };
  } catch (error) {
    await closeAll(closers);
    throw error;
  }
}

/** Closes in reverse order of opening (the SQLite file last); a failing close does not keep the others open. */
async function closeAll(closers: Array<() => Promise<void> | void>): Promise<void> {
  const failures: unknown[] = [];
  for (const close of closers.splice(0)) {
    try {
      await close();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}

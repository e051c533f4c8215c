import { isKurrentConnectionString } from './kurrent-connection-string';

/**
 * Which engine behind each port: an unset URL means the embedded SQLite engine in DATA_DIR, a set one the
 * scale-out server (KurrentDB / EventStoreDB, Kafka, MongoDB). Read from the environment, validated once.
 */
export interface EngineUrls {
  /** kurrentdb://, kurrent://, kdb://, esdb:// or eventstoredb:// connection string; null = embedded. */
  eventStore: string | null;
  /** Kafka bootstrap brokers (host:port); empty = embedded. */
  kafkaBrokers: string[];
  /** mongodb:// or mongodb+srv:// URL; null = embedded. */
  mongodb: string | null;
}

export type EngineKind = 'embedded' | 'scale-out';

type Env = Record<string, string | undefined>;

const MONGODB_SCHEME = /^mongodb(\+srv)?:\/\/[^\s]+$/;
const BROKER = /^[A-Za-z0-9.-]+:\d{1,5}$/;

/** Reads EVENT_STORE_URL (or KURRENTDB_URL), KAFKA_BROKERS and MONGODB_URL; problems are pushed, not thrown. */
export function readEngineUrls(env: Env, problems: string[]): EngineUrls {
  const eventStore = (env.EVENT_STORE_URL || env.KURRENTDB_URL || '').trim() || null;
  // The schemes the event store connects with (eventstoredb:// and esdb:// are handed to the client as kurrentdb://).
  if (eventStore && !isKurrentConnectionString(eventStore))
    problems.push(
      'EVENT_STORE_URL must be a KurrentDB connection string such as kurrentdb://host:2113?tls=false',
    );
  const kafkaBrokers = (env.KAFKA_BROKERS ?? '')
    .split(',')
    .map((broker) => broker.trim())
    .filter((broker) => broker !== '');
  for (const broker of kafkaBrokers) {
    if (!BROKER.test(broker)) problems.push(`KAFKA_BROKERS must list host:port pairs (got "${broker}")`);
  }
  const mongodb = (env.MONGODB_URL ?? '').trim() || null;
  if (mongodb && !MONGODB_SCHEME.test(mongodb))
    problems.push('MONGODB_URL must start with mongodb:// or mongodb+srv://');
  return { eventStore, kafkaBrokers, mongodb };
}

/** 'embedded' when no scale-out URL is set, 'scale-out' when all three are; anything between is mixed. */
export function engineKinds(urls: EngineUrls): {
  events: EngineKind;
  packets: EngineKind;
  reads: EngineKind;
} {
  return {
    events: urls.eventStore ? 'scale-out' : 'embedded',
    packets: urls.kafkaBrokers.length > 0 ? 'scale-out' : 'embedded',
    reads: urls.mongodb ? 'scale-out' : 'embedded',
  };
}

/** True when any port runs on a server, so several processes may share the engines. */
export function usesServers(urls: EngineUrls): boolean {
  return urls.eventStore !== null || urls.kafkaBrokers.length > 0 || urls.mongodb !== null;
}

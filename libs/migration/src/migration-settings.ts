import { join, resolve } from 'node:path';
import { readEngineUrls, type EngineKind, type EngineUrls } from '@lorawatch/config/engine-urls';
import { readKafkaReplication, readKafkaSecurity } from '@lorawatch/config/app-config';
import type { EngineSettings } from '@lorawatch/engines/open-engines';

export const MIGRATE_USAGE =
  'usage: npm run migrate -- --from embedded|scale-out --to scale-out|embedded [--data-dir <dir>] [--resume]';

export interface MigrationArguments {
  from: EngineKind;
  to: EngineKind;
  /** The embedded side's DATA_DIR; the environment's (or ./data) when null. */
  dataDir: string | null;
  resume: boolean;
}

/** A command line or an environment the migration cannot run with; the message says what to change. */
export class MigrationSettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'MigrationSettingsError';
  }
}

type Env = Record<string, string | undefined>;

const KINDS: EngineKind[] = ['embedded', 'scale-out'];

/** Reads `--from`, `--to`, `--data-dir` and `--resume` (arguments after the script name). */
export function parseMigrationArguments(argv: string[]): MigrationArguments {
  const problems: string[] = [];
  const values: Record<string, string | undefined> = {};
  let resume = false;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    if (argument === '--resume') {
      resume = true;
    } else if (['--from', '--to', '--data-dir'].includes(argument)) {
      const value = argv[index + 1];
      if (value === undefined || value.startsWith('--')) problems.push(`${argument} needs a value`);
      else values[argument] = value;
      index += 1;
    } else {
      problems.push(`Unknown argument "${argument}"`);
    }
  }
  const kind = (option: '--from' | '--to'): EngineKind => {
    const value = values[option];
    if (value === undefined) problems.push(`${option} is missing`);
    else if (!(KINDS as string[]).includes(value))
      problems.push(`${option} must be embedded or scale-out (got "${value}")`);
    return value as EngineKind;
  };
  const from = kind('--from');
  const to = kind('--to');
  if (problems.length === 0 && from === to)
    problems.push(
      `The source and the target are the same (${from}): migrate from one kind of engines to the other`,
    );
  if (problems.length > 0) throw new MigrationSettingsError([...problems, MIGRATE_USAGE]);
  return { from, to, dataDir: values['--data-dir'] ?? null, resume };
}

const EMBEDDED: EngineUrls = { eventStore: null, kafkaBrokers: [], mongodb: null };

/**
 * The engines of each side, as openEngines takes them: embedded is the SQLite file in the data directory (whatever
 * server URLs the environment holds), scale-out is the three servers of EVENT_STORE_URL (or KURRENTDB_URL),
 * KAFKA_BROKERS and MONGODB_URL, which must all be set. Both sides use PACKET_LOG_PARTITIONS; the Kafka side connects
 * with the TLS and SASL of KAFKA_SSL, KAFKA_SSL_CA_FILE and KAFKA_SASL_* (as every process does).
 */
export function migrationSides(
  args: MigrationArguments,
  env: Env,
  instanceId: string,
): { from: EngineSettings; to: EngineSettings } {
  const problems: string[] = [];
  const dataDir = resolve(args.dataDir ?? (env.DATA_DIR || './data'));
  const databaseFile = join(dataDir, 'lorawatch.db');
  const rawPartitions = env.PACKET_LOG_PARTITIONS ?? '';
  const packetLogPartitions = rawPartitions === '' ? 4 : Number(rawPartitions);
  if (!Number.isInteger(packetLogPartitions) || packetLogPartitions < 1 || packetLogPartitions > 256)
    problems.push(`PACKET_LOG_PARTITIONS must be an integer from 1 to 256 (got "${rawPartitions}")`);
  const servers = readEngineUrls(env, problems);
  const kafkaReplication = readKafkaReplication(env, problems);
  const kafkaSecurity = readKafkaSecurity(env, problems);
  if (args.from === 'scale-out' || args.to === 'scale-out') {
    if (!servers.eventStore)
      problems.push('EVENT_STORE_URL (or KURRENTDB_URL) is not set: the scale-out side needs it');
    if (servers.kafkaBrokers.length === 0)
      problems.push('KAFKA_BROKERS is not set: the scale-out side needs it');
    if (!servers.mongodb) problems.push('MONGODB_URL is not set: the scale-out side needs it');
  }
  if (problems.length > 0) throw new MigrationSettingsError(problems);
  const side = (kind: EngineKind): EngineSettings => ({
    engines: kind === 'embedded' ? EMBEDDED : servers,
    databaseFile,
    packetLogPartitions,
    instanceId,
    kafkaReplication,
    kafkaSecurity,
  });
  return { from: side(args.from), to: side(args.to) };
}

/** Where an engine set lives, for messages. */
export function describeSide(kind: EngineKind, settings: EngineSettings): string {
  if (kind === 'embedded') return `embedded (${settings.databaseFile})`;
  const { eventStore, kafkaBrokers, mongodb } = settings.engines;
  return `scale-out (event store ${redact(eventStore ?? '')}, Kafka ${kafkaBrokers.join(',')}, MongoDB ${redact(mongodb ?? '')})`;
}

/** Connection strings may carry credentials: never print them. */
export function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

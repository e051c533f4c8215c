import { join, resolve } from 'node:path';
import {
  describeSide,
  migrationSides,
  MigrationSettingsError,
  MIGRATE_USAGE,
  parseMigrationArguments,
} from './migration-settings';

const SERVERS = {
  EVENT_STORE_URL: 'kurrentdb://admin:changeit@kurrent:2113?tls=false',
  KAFKA_BROKERS: 'kafka:9092',
  MONGODB_URL: 'mongodb://mongo:27017/lorawatch',
};

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof MigrationSettingsError) return error.problems;
    throw error;
  }
  throw new Error('expected a MigrationSettingsError');
}

describe('the command line of npm run migrate', () => {
  it('reads the direction, the data directory and --resume', () => {
    expect(parseMigrationArguments(['--from', 'embedded', '--to', 'scale-out'])).toEqual({
      from: 'embedded',
      to: 'scale-out',
      dataDir: null,
      resume: false,
    });
    expect(
      parseMigrationArguments([
        '--resume',
        '--to',
        'embedded',
        '--from',
        'scale-out',
        '--data-dir',
        '/srv/lw',
      ]),
    ).toEqual({ from: 'scale-out', to: 'embedded', dataDir: '/srv/lw', resume: true });
  });

  it.each([
    [[], ['--from is missing', '--to is missing', MIGRATE_USAGE]],
    [
      ['--from', 'sqlite', '--to', 'scale-out'],
      ['--from must be embedded or scale-out (got "sqlite")', MIGRATE_USAGE],
    ],
    [
      ['--from', 'embedded', '--to'],
      ['--to needs a value', '--to is missing', MIGRATE_USAGE],
    ],
    [
      ['--from', 'embedded', '--to', 'scale-out', '--fast'],
      ['Unknown argument "--fast"', MIGRATE_USAGE],
    ],
    [
      ['--from', 'embedded', '--to', 'embedded'],
      [
        'The source and the target are the same (embedded): migrate from one kind of engines to the other',
        MIGRATE_USAGE,
      ],
    ],
  ])('refuses %j', (argv, problems) => {
    expect(problemsOf(() => parseMigrationArguments(argv))).toEqual(problems);
  });
});

describe('the engines of each side', () => {
  const args = { from: 'embedded' as const, to: 'scale-out' as const, dataDir: null, resume: false };

  it('reads the Kafka topic replication from the environment and refuses an impossible one', () => {
    const { to } = migrationSides(
      args,
      { ...SERVERS, KAFKA_REPLICATION_FACTOR: '3', KAFKA_MIN_INSYNC_REPLICAS: '2' },
      'migrate-1',
    );
    expect(to.kafkaReplication).toEqual({ replicationFactor: 3, minInsyncReplicas: 2 });
    expect(() =>
      migrationSides(
        args,
        { ...SERVERS, KAFKA_REPLICATION_FACTOR: '1', KAFKA_MIN_INSYNC_REPLICAS: '2' },
        'm',
      ),
    ).toThrow('KAFKA_MIN_INSYNC_REPLICAS (2) cannot exceed KAFKA_REPLICATION_FACTOR (1)');
  });

  it('reads the TLS and SASL of the Kafka connection from the environment and refuses an incomplete one', () => {
    const { to } = migrationSides(
      args,
      {
        ...SERVERS,
        KAFKA_SSL: 'true',
        KAFKA_SASL_MECHANISM: 'scram-sha-256',
        KAFKA_SASL_USERNAME: 'migrate',
        KAFKA_SASL_PASSWORD: 'hunter2-secret',
      },
      'migrate-1',
    );
    expect(to.kafkaSecurity).toEqual({
      ssl: true,
      ca: null,
      sasl: { mechanism: 'scram-sha-256', username: 'migrate', password: 'hunter2-secret' },
    });
    expect(describeSide('scale-out', to)).not.toContain('hunter2');
    expect(
      problemsOf(() =>
        migrationSides(
          args,
          { ...SERVERS, KAFKA_SASL_MECHANISM: 'plain', KAFKA_SSL_CA_FILE: '/nonexistent/ca.pem' },
          'm',
        ),
      ),
    ).toEqual([
      'KAFKA_SSL_CA_FILE "/nonexistent/ca.pem" cannot be read (ENOENT)',
      'KAFKA_SASL_USERNAME must be set with KAFKA_SASL_MECHANISM',
      'KAFKA_SASL_PASSWORD must be set with KAFKA_SASL_MECHANISM',
    ]);
  });

  it('opens the SQLite file in DATA_DIR on the embedded side, whatever URLs the environment holds', () => {
    const { from, to } = migrationSides(args, { ...SERVERS, DATA_DIR: '/srv/lw' }, 'migrate-1');
    expect(from).toEqual({
      engines: { eventStore: null, kafkaBrokers: [], mongodb: null },
      databaseFile: join(resolve('/srv/lw'), 'lorawatch.db'),
      packetLogPartitions: 4,
      instanceId: 'migrate-1',
      kafkaReplication: { replicationFactor: null, minInsyncReplicas: null },
      kafkaSecurity: { ssl: false, ca: null, sasl: null },
    });
    expect(to.engines).toEqual({
      eventStore: SERVERS.EVENT_STORE_URL,
      kafkaBrokers: ['kafka:9092'],
      mongodb: SERVERS.MONGODB_URL,
    });
  });

  it('prefers --data-dir, takes KURRENTDB_URL for the event store and PACKET_LOG_PARTITIONS for both sides', () => {
    const env = {
      KURRENTDB_URL: SERVERS.EVENT_STORE_URL,
      KAFKA_BROKERS: 'a:9092, b:9092',
      MONGODB_URL: SERVERS.MONGODB_URL,
      DATA_DIR: '/ignored',
      PACKET_LOG_PARTITIONS: '12',
    };
    const { from, to } = migrationSides(
      { from: 'scale-out', to: 'embedded', dataDir: '/backup', resume: true },
      env,
      'm',
    );
    expect(to.databaseFile).toBe(join(resolve('/backup'), 'lorawatch.db'));
    expect(from.engines.kafkaBrokers).toEqual(['a:9092', 'b:9092']);
    expect([from.packetLogPartitions, to.packetLogPartitions]).toEqual([12, 12]);
  });

  it('names every scale-out URL that is missing', () => {
    expect(problemsOf(() => migrationSides(args, { MONGODB_URL: SERVERS.MONGODB_URL }, 'm'))).toEqual([
      'EVENT_STORE_URL (or KURRENTDB_URL) is not set: the scale-out side needs it',
      'KAFKA_BROKERS is not set: the scale-out side needs it',
    ]);
  });

  it('refuses malformed URLs and partition counts', () => {
    expect(
      problemsOf(() =>
        migrationSides(args, { ...SERVERS, MONGODB_URL: 'http://mongo', PACKET_LOG_PARTITIONS: '0' }, 'm'),
      ),
    ).toEqual([
      'PACKET_LOG_PARTITIONS must be an integer from 1 to 256 (got "0")',
      'MONGODB_URL must start with mongodb:// or mongodb+srv://',
    ]);
  });

  it('describes a side without its credentials', () => {
    const { to } = migrationSides(args, SERVERS, 'm');
    expect(describeSide('scale-out', to)).toBe(
      'scale-out (event store kurrentdb://***@kurrent:2113?tls=false, Kafka kafka:9092, MongoDB mongodb://mongo:27017/lorawatch)',
    );
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isValidPassword } from '@lorawatch/domain/password-rule';
import { ConfigError, loadConfig } from './app-config';

describe('configuration from the environment', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-config-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('has working defaults and keeps generated secrets in DATA_DIR across starts', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first).toMatchObject({ port: 8080, demo: 'auto', demoMqttPort: 1884, packetLogPartitions: 4 });
    expect(first.admin).toEqual({ username: null, password: null, email: null });
    expect(first.secretKey).toHaveLength(32);
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.secretKey.equals(first.secretKey)).toBe(true);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
  });

  it('reads EGRESS_ALLOW as a list of CIDR ranges and refuses anything else', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).egressAllow).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir, EGRESS_ALLOW: ' 10.0.0.0/8, fd00::/8 ' }).egressAllow).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    expect(() => loadConfig({ DATA_DIR: dataDir, EGRESS_ALLOW: '10.0.0.0/8,intranet' })).toThrow(
      'EGRESS_ALLOW must list CIDR ranges such as 10.0.0.0/8 or fd00::/8 (got "intranet")',
    );
  });

  it('reads DEMO as on, off or automatic', () => {
    expect(loadConfig({ DATA_DIR: dataDir, DEMO: '1' }).demo).toBe('on');
    expect(loadConfig({ DATA_DIR: dataDir, DEMO: '0' }).demo).toBe('off');
  });

  it('logs readable lines by default and JSON lines on request', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).logFormat).toBe('pretty');
    expect(loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ DATA_DIR: dataDir, LOG_FORMAT: 'xml' })).toThrow(
      'LOG_FORMAT must be pretty or json',
    );
  });

  it('refuses bad values with one message naming each of them', () => {
    const env = {
      DATA_DIR: dataDir,
      PORT: '99999',
      DEMO: 'yes',
      ADMIN_PASSWORD: 'short',
      ADMIN_USERNAME: 'No Spaces',
      SECRET_KEY: 'abc',
      ACCESS_TOKEN_SECONDS: '5',
    };
    try {
      loadConfig(env);
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of [
        'PORT',
        'DEMO',
        'ADMIN_PASSWORD',
        'ADMIN_USERNAME',
        'SECRET_KEY',
        'ACCESS_TOKEN_SECONDS',
      ])
        expect(problems).toContain(name);
    }
  });

  it('applies the console password rule', () => {
    expect(isValidPassword('Adm1n!secret')).toBe(true);
    for (const weak of [
      'short1!A',
      'nouppercase1!',
      'NOLOWERCASE1!',
      'NoDigits!!',
      'NoSymbol123',
      'With Space1!',
      `A1!${'a'.repeat(48)}`,
    ]) {
      expect({ weak, strong: isValidPassword(weak) }).toEqual({ weak, strong: weak === 'short1!A' });
    }
  });
});

/** A CA file's shape (the configuration reads it; the connection that checks it is tested against a real broker). */
const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUTest\n-----END CERTIFICATE-----\n';

describe('engines and processes in the configuration', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-config-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const SECRETS = { JWT_SECRET: 'shared-jwt-secret', SECRET_KEY: 'ab'.repeat(32) };

  it('runs on the embedded engines when no server URL is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.engines).toEqual({ eventStore: null, kafkaBrokers: [], mongodb: null });
    expect(config).toMatchObject({ opsPort: 9464, collectorLeaseSeconds: 30 });
    expect(config.instanceId).toMatch(/.+-\d+$/);
    expect(config.kafkaReplication).toEqual({ replicationFactor: null, minInsyncReplicas: null });
    expect(config.kafkaSecurity).toEqual({ ssl: false, ca: null, sasl: null });
  });

  it('reads the Kafka topic replication, and refuses one the topic could not have', () => {
    expect(
      loadConfig({ DATA_DIR: dataDir, KAFKA_REPLICATION_FACTOR: '3', KAFKA_MIN_INSYNC_REPLICAS: '2' })
        .kafkaReplication,
    ).toEqual({ replicationFactor: 3, minInsyncReplicas: 2 });
    expect(loadConfig({ DATA_DIR: dataDir, KAFKA_MIN_INSYNC_REPLICAS: '2' }).kafkaReplication).toEqual({
      replicationFactor: null,
      minInsyncReplicas: 2,
    });
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, KAFKA_REPLICATION_FACTOR: '1', KAFKA_MIN_INSYNC_REPLICAS: '2' }),
    ).toThrow('KAFKA_MIN_INSYNC_REPLICAS (2) cannot exceed KAFKA_REPLICATION_FACTOR (1)');
    expect(() => loadConfig({ DATA_DIR: dataDir, KAFKA_REPLICATION_FACTOR: '0' })).toThrow(
      'KAFKA_REPLICATION_FACTOR must be an integer from 1 to 32 (got "0")',
    );
  });

  it('reads TLS to Kafka from KAFKA_SSL, and the CA file it names, which implies TLS', () => {
    expect(loadConfig({ DATA_DIR: dataDir, KAFKA_SSL: 'true' }).kafkaSecurity).toEqual({
      ssl: true,
      ca: null,
      sasl: null,
    });
    expect(loadConfig({ DATA_DIR: dataDir, KAFKA_SSL: 'false' }).kafkaSecurity.ssl).toBe(false);
    const caFile = join(dataDir, 'kafka-ca.pem');
    writeFileSync(caFile, PEM);
    expect(loadConfig({ DATA_DIR: dataDir, KAFKA_SSL_CA_FILE: caFile }).kafkaSecurity).toEqual({
      ssl: true,
      ca: PEM,
      sasl: null,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, KAFKA_SSL: 'TRUE', KAFKA_SSL_CA_FILE: caFile }).kafkaSecurity.ca,
    ).toBe(PEM);
  });

  it('reads SASL credentials for Kafka with any of the three mechanisms', () => {
    for (const [given, mechanism] of [
      ['plain', 'plain'],
      ['SCRAM-SHA-256', 'scram-sha-256'],
      ['scram-sha-512', 'scram-sha-512'],
    ]) {
      expect(
        loadConfig({
          DATA_DIR: dataDir,
          KAFKA_SASL_MECHANISM: given,
          KAFKA_SASL_USERNAME: ' lorawatch ',
          KAFKA_SASL_PASSWORD: ' s3cret ',
        }).kafkaSecurity,
      ).toEqual({ ssl: false, ca: null, sasl: { mechanism, username: 'lorawatch', password: ' s3cret ' } });
    }
  });

  // A Kafka security setting that cannot work → every problem it causes, none holding the password.
  const KAFKA_SECURITY_REFUSED: Array<[string, Record<string, string>, string[]]> = [
    [
      'KAFKA_SSL other than true or false',
      { KAFKA_SSL: 'yes' },
      ['KAFKA_SSL must be true or false (got "yes")'],
    ],
    [
      'a CA file that cannot be read',
      { KAFKA_SSL_CA_FILE: '/nonexistent/kafka-ca.pem' },
      ['KAFKA_SSL_CA_FILE "/nonexistent/kafka-ca.pem" cannot be read (ENOENT)'],
    ],
    [
      'a CA file with TLS turned off',
      { KAFKA_SSL: 'false', KAFKA_SSL_CA_FILE: '/nonexistent/kafka-ca.pem' },
      [
        'KAFKA_SSL_CA_FILE needs TLS: set KAFKA_SSL to true, or leave it unset',
        'KAFKA_SSL_CA_FILE "/nonexistent/kafka-ca.pem" cannot be read (ENOENT)',
      ],
    ],
    [
      'an unknown mechanism',
      { KAFKA_SASL_MECHANISM: 'gssapi', KAFKA_SASL_USERNAME: 'lw', KAFKA_SASL_PASSWORD: 'hunter2-secret' },
      ['KAFKA_SASL_MECHANISM must be plain, scram-sha-256 or scram-sha-512 (got "gssapi")'],
    ],
    [
      'a mechanism without credentials',
      { KAFKA_SASL_MECHANISM: 'plain' },
      [
        'KAFKA_SASL_USERNAME must be set with KAFKA_SASL_MECHANISM',
        'KAFKA_SASL_PASSWORD must be set with KAFKA_SASL_MECHANISM',
      ],
    ],
    [
      'a mechanism without a password',
      { KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_USERNAME: 'lw' },
      ['KAFKA_SASL_PASSWORD must be set with KAFKA_SASL_MECHANISM'],
    ],
    [
      'credentials without a mechanism',
      { KAFKA_SASL_USERNAME: 'lw', KAFKA_SASL_PASSWORD: 'hunter2-secret' },
      [
        'KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD are set without KAFKA_SASL_MECHANISM (plain, scram-sha-256 or scram-sha-512)',
      ],
    ],
    [
      'a password alone',
      { KAFKA_SASL_PASSWORD: 'hunter2-secret' },
      ['KAFKA_SASL_PASSWORD is set without KAFKA_SASL_MECHANISM (plain, scram-sha-256 or scram-sha-512)'],
    ],
  ];
  it.each(KAFKA_SECURITY_REFUSED)('refuses %s', (_case, env, expected) => {
    let problems: string[] = [];
    try {
      loadConfig({ DATA_DIR: dataDir, ...env });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual(expected);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('refuses a CA file that holds no PEM certificate', () => {
    const notPem = join(dataDir, 'kafka-ca.der');
    writeFileSync(notPem, Buffer.from([0x30, 0x82, 0x01, 0x0a]));
    expect(() => loadConfig({ DATA_DIR: dataDir, KAFKA_SSL_CA_FILE: notPem })).toThrow(
      `KAFKA_SSL_CA_FILE "${notPem}" holds no PEM certificate (-----BEGIN CERTIFICATE-----)`,
    );
  });

  it('accepts every scheme the event store connects with, the older eventstoredb:// and esdb:// included', () => {
    for (const url of [
      'eventstoredb://es:2113?tls=false',
      'esdb+discover://cluster.local:2113',
      'kdb://k:2113',
    ]) {
      expect(loadConfig({ DATA_DIR: dataDir, ...SECRETS, EVENT_STORE_URL: url }).engines.eventStore).toBe(
        url,
      );
    }
  });

  it('reads the servers of a scale-out deployment, EVENT_STORE_URL before KURRENTDB_URL', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ...SECRETS,
      EVENT_STORE_URL: 'kurrentdb://kurrentdb:2113?tls=false',
      KURRENTDB_URL: 'esdb://elsewhere:2113',
      KAFKA_BROKERS: 'kafka-1:9092, kafka-2:9092',
      MONGODB_URL: 'mongodb://mongodb:27017/lorawatch?replicaSet=rs0',
      INSTANCE_ID: 'detector-2',
      OPS_PORT: '9100',
    });
    expect(config.engines).toEqual({
      eventStore: 'kurrentdb://kurrentdb:2113?tls=false',
      kafkaBrokers: ['kafka-1:9092', 'kafka-2:9092'],
      mongodb: 'mongodb://mongodb:27017/lorawatch?replicaSet=rs0',
    });
    expect(config).toMatchObject({ instanceId: 'detector-2', opsPort: 9100 });
    expect(
      loadConfig({ DATA_DIR: dataDir, ...SECRETS, KURRENTDB_URL: 'esdb://es:2113' }).engines.eventStore,
    ).toBe('esdb://es:2113');
  });

  it('wants the shared secrets given, and well-formed URLs, once servers are used', () => {
    const problemsOf = (env: Record<string, string>): string[] => {
      try {
        loadConfig({ DATA_DIR: dataDir, ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problemsOf({ KAFKA_BROKERS: 'kafka:9092' })).toEqual([
      'JWT_SECRET must be set when the engines run on servers',
      'SECRET_KEY must be set when the engines run on servers',
    ]);
    expect(
      problemsOf({
        ...SECRETS,
        EVENT_STORE_URL: 'http://kurrentdb:2113',
        KAFKA_BROKERS: 'kafka',
        MONGODB_URL: 'mongo:27017',
      }),
    ).toEqual([
      'EVENT_STORE_URL must be a KurrentDB connection string such as kurrentdb://host:2113?tls=false',
      'KAFKA_BROKERS must list host:port pairs (got "kafka")',
      'MONGODB_URL must start with mongodb:// or mongodb+srv://',
    ]);
  });
});

describe('network settings: bind address, proxies, metrics', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'lorawatch-config-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const problemsOf = (env: Record<string, string>): string[] => {
    try {
      loadConfig({ DATA_DIR: dataDir, ...env });
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('listens on every interface, trusts no proxy and serves /metrics openly by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      host: '0.0.0.0',
      trustProxy: false,
      metricsPort: null,
      metricsToken: null,
    });
  });

  // TRUST_PROXY → what Express' `trust proxy` gets.
  const PROXIES: Array<[string, boolean | number | string[]]> = [
    ['', false],
    ['0', false],
    ['false', false],
    ['true', true],
    ['1', 1],
    ['2', 2],
    ['loopback', ['loopback']],
    ['10.0.0.1, 172.16.0.0/12,fd00::/8', ['10.0.0.1', '172.16.0.0/12', 'fd00::/8']],
  ];
  it.each(PROXIES)('reads TRUST_PROXY=%p', (raw, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  // A bad value → the setting its message names.
  const REFUSED: Array<[Record<string, string>, string]> = [
    [{ TRUST_PROXY: 'proxy.example.com' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '64' }, 'TRUST_PROXY'],
    [{ HOST: 'not a host' }, 'HOST'],
    [{ METRICS_PORT: '70000' }, 'METRICS_PORT'],
    [{ PORT: '9000', METRICS_PORT: '9000' }, 'METRICS_PORT'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
  ];
  it.each(REFUSED)('refuses %p', (env, name) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(name);
  });

  it('takes a bind address, a metrics port and a metrics token', () => {
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        METRICS_PORT: '9464',
        METRICS_TOKEN: 'a-long-enough-scrape-token',
      }),
    ).toMatchObject({ host: '127.0.0.1', metricsPort: 9464, metricsToken: 'a-long-enough-scrape-token' });
  });
});

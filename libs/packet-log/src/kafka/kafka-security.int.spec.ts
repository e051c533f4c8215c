import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readKafkaSecurity } from '@lorawatch/config/app-config';
import { isPacketRecord } from '../packet-log.port';
import { capturingLogger, type CapturedLine } from '../testing/capturing-logger';
import { samplePacket } from '../testing/packet-log.contract';
import { KafkaPacketLog } from './kafka-packet-log';
import { KafkaAuthenticationError, KafkaCertificateError, kafkaClientSecurity } from './kafka-security';
import { parseBrokers } from './kafka-topic';
import { localKafka, startLocalKafka, type LocalKafka } from './testing/local-kafka';

/**
 * TLS and SASL against a real broker: one started from the jars of `scripts/kafka-broker.sh fetch` with `--sasl
 * --tls` (never the shared KAFKA_BROKERS one, which has no such listeners), whose SASL listener knows one user for
 * PLAIN, SCRAM-SHA-256 and SCRAM-SHA-512, and whose TLS listener presents a self-signed certificate made by keytool.
 * Each case opens the packet log as a process does: the environment read by the configuration (KAFKA_SSL,
 * KAFKA_SSL_CA_FILE, KAFKA_SASL_*), turned into the kafkajs client's TLS and SASL, then appends a packet and reads
 * it back. Refused credentials fail the open within seconds with a message naming the mechanism and the user; no
 * line logged, no message thrown, ever holds a password.
 */
const local = localKafka();
const keytool = spawnSync('bash', ['-c', 'command -v keytool'], { encoding: 'utf8', timeout: 15_000 });
const skipReason = !local.ok
  ? `no local Kafka broker can start here (${local.reason})`
  : keytool.status !== 0
    ? "no keytool on PATH to make the broker's TLS key pair"
    : null;
const describeOrSkip = skipReason ? describe.skip : describe;
if (skipReason) process.stdout.write(`skipped: Kafka TLS and SASL: ${skipReason}\n`);
if (!skipReason) jest.setTimeout(120_000);

type Env = Record<string, string>;

describeOrSkip(`Kafka TLS and SASL${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const run = randomUUID().slice(0, 8);
  let broker: LocalKafka;
  let topics = 0;
  let logger: ReturnType<typeof capturingLogger>;

  beforeAll(async () => {
    broker = await startLocalKafka({ sasl: true, tls: true });
  });
  afterAll(async () => {
    await broker?.stop();
  });
  beforeEach(() => {
    logger = capturingLogger();
  });

  const sasl = () => {
    if (!broker.sasl) throw new Error('the broker was started without its SASL listener');
    return broker.sasl;
  };
  const tls = () => {
    if (!broker.tls) throw new Error('the broker was started without its TLS listener');
    return broker.tls;
  };

  /** The packet log of a process with this environment, on a topic of its own. */
  async function openFromEnvironment(brokers: string, env: Env): Promise<KafkaPacketLog> {
    const problems: string[] = [];
    const security = readKafkaSecurity(env, problems);
    expect(problems).toEqual([]);
    topics += 1;
    return KafkaPacketLog.open({
      brokers: parseBrokers(brokers),
      clientId: `lorawatch-security-${run}`,
      ...kafkaClientSecurity(security),
      topic: `packets-security-${run}-${topics}`,
      partitions: 2,
      readTimeoutMs: 10_000,
      logger,
      onError: () => undefined,
    });
  }

  /** Appends one packet, reads it back at the place the append named, and finds it by id. */
  async function appendAndReadBack(log: KafkaPacketLog, id: string): Promise<void> {
    const packet = samplePacket(id, '70b3d57ed0000001');
    const [outcome] = await log.append([packet]);
    expect(outcome.appended).toBe(true);
    const [record] = await log.read(outcome.partition, outcome.offset, 1);
    expect(record !== undefined && isPacketRecord(record) ? record.packet : null).toEqual(packet);
    expect(await log.getById(id)).toEqual(packet);
  }

  /** The open's failure, and how long it took (a log that opened after all is closed, and counts as none). */
  async function openFailure(brokers: string, env: Env): Promise<{ error: unknown; ms: number }> {
    const started = Date.now();
    const error = await openFromEnvironment(brokers, env).then(
      async (log) => {
        await log.close();
        return null;
      },
      (failure: unknown) => failure,
    );
    return { error, ms: Date.now() - started };
  }

  const logged = (lines: CapturedLine[]): string =>
    lines.map((line) => `${line.level} ${line.text}`).join('\n');

  it.each(['plain', 'scram-sha-256', 'scram-sha-512'])(
    'appends and reads back over SASL with the right credentials (%s)',
    async (mechanism) => {
      const { url, username, password } = sasl();
      const log = await openFromEnvironment(url, {
        KAFKA_SASL_MECHANISM: mechanism,
        KAFKA_SASL_USERNAME: username,
        KAFKA_SASL_PASSWORD: password,
      });
      try {
        await appendAndReadBack(log, `sasl-${mechanism}-${run}`);
      } finally {
        await log.close();
      }
      const warnings = logger.lines.filter((line) => line.level === 'warn').map((line) => line.text);
      // PLAIN sends the password itself: over a listener without TLS, the log says so.
      expect(warnings.some((text) => text.includes('without TLS'))).toBe(mechanism === 'plain');
      expect(logged(logger.lines)).not.toContain(password);
    },
  );

  it.each(['plain', 'scram-sha-512'])(
    'fails the open within seconds on a wrong password (%s), naming the mechanism and the user only',
    async (mechanism) => {
      const { url, username, password } = sasl();
      const wrong = `not-${password}`;
      const { error, ms } = await openFailure(url, {
        KAFKA_SASL_MECHANISM: mechanism,
        KAFKA_SASL_USERNAME: username,
        KAFKA_SASL_PASSWORD: wrong,
      });
      expect(error).toBeInstanceOf(KafkaAuthenticationError);
      const message = (error as Error).message;
      expect(message).toContain(
        `Kafka refused the packet log's credentials (SASL ${mechanism.toUpperCase()} as "${username}")`,
      );
      expect(ms).toBeLessThan(15_000);
      expect(`${message}\n${logged(logger.lines)}`).not.toContain(wrong);
    },
  );

  it('appends and reads back over TLS, trusting the CA of KAFKA_SSL_CA_FILE', async () => {
    const log = await openFromEnvironment(tls().url, { KAFKA_SSL_CA_FILE: tls().caFile });
    try {
      await appendAndReadBack(log, `tls-${run}`);
    } finally {
      await log.close();
    }
  });

  it('fails the open within bounded time on a certificate that Node does not trust (KAFKA_SSL without a CA)', async () => {
    const { error, ms } = await openFailure(tls().url, { KAFKA_SSL: 'true' });
    expect(error).toBeInstanceOf(KafkaCertificateError);
    expect((error as Error).message).toContain(
      "The packet log did not accept Kafka's TLS certificate (DEPTH_ZERO_SELF_SIGNED_CERT: ",
    );
    expect(ms).toBeLessThan(60_000);
  });

  it('appends and reads back over SASL on TLS (SCRAM-SHA-512, the CA of KAFKA_SSL_CA_FILE)', async () => {
    if (!broker.saslTlsUrl) throw new Error('the broker was started without its SASL_SSL listener');
    const { username, password } = sasl();
    const log = await openFromEnvironment(broker.saslTlsUrl, {
      KAFKA_SSL: 'true',
      KAFKA_SSL_CA_FILE: tls().caFile,
      KAFKA_SASL_MECHANISM: 'SCRAM-SHA-512',
      KAFKA_SASL_USERNAME: username,
      KAFKA_SASL_PASSWORD: password,
    });
    try {
      await appendAndReadBack(log, `sasl-tls-${run}`);
    } finally {
      await log.close();
    }
    // Nothing at error, and no word of clear text (a new topic's leader being placed is a warning, and no matter).
    expect(logger.lines.filter((line) => line.level === 'error')).toEqual([]);
    expect(logged(logger.lines)).not.toContain('without TLS');
    expect(logged(logger.lines)).not.toContain(password);
  });
});

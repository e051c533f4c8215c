import { Kafka, logLevel } from 'kafkajs';
import { capturingLogger } from '../testing/capturing-logger';
import { kafkaLogCreator, kafkaLogLevel } from './kafka-log';

/**
 * The levels kafkajs' entries are logged at here. The entries are those kafkajs 2.2.4 writes (its source:
 * network/connection.js, cluster/brokerPool.js, consumer/index.js, consumer/runner.js, producer/sendMessages.js),
 * with the error texts of the Kafka protocol errors it decodes.
 */
describe('kafkaLogLevel', () => {
  const error = (namespace: string, message: string, errorText?: string) =>
    kafkaLogLevel({
      namespace,
      level: logLevel.ERROR,
      message,
      ...(errorText ? { error: errorText } : {}),
    });

  it('logs a rebalance at info, whichever request ran into it', () => {
    expect(
      error(
        'Connection',
        'Response Heartbeat(key: 12, version: 3)',
        'The group is rebalancing, so a rejoin is needed',
      ),
    ).toBe('log');
    expect(
      error(
        'Connection',
        'Response OffsetCommit(key: 8, version: 5)',
        'The coordinator is not aware of this member',
      ),
    ).toBe('log');
    expect(error('Runner', 'The coordinator is not aware of this member, re-joining the group')).toBe('log');
    expect(
      kafkaLogLevel({
        namespace: 'Runner',
        level: logLevel.WARN,
        message: 'The group is rebalancing, re-joining',
        error: 'The group is rebalancing, so a rejoin is needed',
      }),
    ).toBe('log');
  });

  it('logs a broker restart, a leader or coordinator moving and the retries they cause at warn', () => {
    expect(error('Connection', 'Connection error: connect ECONNREFUSED 127.0.0.1:9092')).toBe('warn');
    expect(
      error(
        'BrokerPool',
        'Failed to connect to seed broker, trying another broker from the list: Connection error: connect ECONNREFUSED 127.0.0.1:9092',
      ),
    ).toBe('warn');
    expect(
      error(
        'Connection',
        'Response ListOffsets(key: 2, version: 3)',
        'This server is not the leader for that topic-partition',
      ),
    ).toBe('warn');
    expect(
      error(
        'Connection',
        'Response Metadata(key: 3, version: 6)',
        'There is no leader for this topic-partition as we are in the middle of a leadership election',
      ),
    ).toBe('warn');
    expect(
      error(
        'Connection',
        'Response FindCoordinator(key: 10, version: 2)',
        'The coordinator is not available',
      ),
    ).toBe('warn');
    expect(error('Producer', 'Failed to send messages: Connection error: connect ECONNREFUSED')).toBe('warn');
    expect(
      error('Consumer', 'Crash: KafkaJSNumberOfRetriesExceeded: Connection error: connect ECONNREFUSED'),
    ).toBe('warn');
    expect(error('Consumer', 'Restarting the consumer in 300ms')).toBe('warn');
    expect(error('ConsumerGroup', 'Offset out of range, resetting to default offset')).toBe('warn');
  });

  it('keeps real errors at error', () => {
    expect(error('SASLPlainAuthenticator', 'SASL PLAIN authentication failed: Authentication failed')).toBe(
      'error',
    );
    expect(error('Runner', 'Error when calling eachBatch', 'database disk image is malformed')).toBe('error');
    expect(
      error(
        'Consumer',
        'Crash: KafkaJSNonRetriableError: Topic authorization failed',
        'Not authorized to access topics',
      ),
    ).toBe('error');
    expect(
      error('Connection', 'Response CreateTopics(key: 19, version: 3)', 'Replication-factor is invalid'),
    ).toBe('error');
  });

  it('keeps warnings, info and debug where kafkajs put them, the notices of settings chosen on purpose aside', () => {
    expect(
      kafkaLogLevel({ namespace: 'Admin', level: logLevel.WARN, message: 'Could not delete topics' }),
    ).toBe('warn');
    expect(
      kafkaLogLevel({
        namespace: 'Producer',
        level: logLevel.WARN,
        message: 'KafkaJS v2.0.0 switched default partitioner. To retain the same partitioning behavior ...',
      }),
    ).toBe('debug');
    expect(
      kafkaLogLevel({
        namespace: 'Producer',
        level: logLevel.WARN,
        message: 'Limiting retries for the idempotent producer may invalidate EoS guarantees',
      }),
    ).toBe('debug');
    expect(kafkaLogLevel({ namespace: 'Consumer', level: logLevel.INFO, message: 'Starting' })).toBe('log');
    expect(kafkaLogLevel({ namespace: 'Connection', level: logLevel.DEBUG, message: 'Request' })).toBe(
      'debug',
    );
  });
});

describe('kafkaLogCreator', () => {
  it("writes kafkajs' entries through the logger, on one line with the error, broker and group", () => {
    const logger = capturingLogger();
    const write = kafkaLogCreator(logger)(logLevel.INFO);
    const entry = (level: logLevel, namespace: string, log: Record<string, unknown>) =>
      write({
        namespace,
        level,
        label: 'ERROR',
        log: { timestamp: '2026-11-29T00:00:00.000Z', logger: 'kafkajs', message: '', ...log },
      });
    entry(logLevel.ERROR, 'Connection', {
      message: 'Response Heartbeat(key: 12, version: 3)',
      broker: '127.0.0.1:9092',
      clientId: 'lorawatch',
      error: 'The group is rebalancing, so a rejoin is needed',
      correlationId: 5,
    });
    entry(logLevel.ERROR, 'Consumer', { message: 'Crash: Error: boom', groupId: 'detectors' });

    expect(logger.lines).toEqual([
      {
        level: 'log',
        text: '[Connection] Response Heartbeat(key: 12, version: 3): The group is rebalancing, so a rejoin is needed (broker 127.0.0.1:9092)',
      },
      { level: 'error', text: '[Consumer] Crash: Error: boom (group detectors)' },
    ]);
  });

  it('is what a client built with it logs through', async () => {
    const logger = capturingLogger();
    // Nothing listens on port 1: the first connection fails at once, and kafkajs logs it.
    const kafka = new Kafka({
      clientId: 'log-test',
      brokers: ['127.0.0.1:1'],
      connectionTimeout: 200,
      retry: { retries: 0 },
      logCreator: kafkaLogCreator(logger),
    });
    const admin = kafka.admin();
    await expect(admin.connect()).rejects.toThrow();
    expect(logger.lines.length).toBeGreaterThan(0);
    expect(logger.lines.filter((line) => line.level === 'error')).toEqual([]);
    expect(logger.lines.map((line) => line.text)).toContainEqual(expect.stringMatching(/ECONNREFUSED/));
  });
});

import { printedSettings } from './kafka-broker';

describe('the Kafka broker of the benchmark', () => {
  it('reads the address and folder the start command prints, and nothing else', () => {
    const printed = printedSettings(
      [
        'Kafka 3.9.1 jars already in /cache',
        'KAFKA_BROKERS=127.0.0.1:40123',
        '  KAFKA_DIR=/tmp/x/kafka  ',
        'A=b c',
        '',
      ].join('\n'),
    );
    expect([...printed]).toEqual([
      ['KAFKA_BROKERS', '127.0.0.1:40123'],
      ['KAFKA_DIR', '/tmp/x/kafka'],
    ]);
  });
});

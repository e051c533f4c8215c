import { parseBrokers, planTopic, retentionMs, topicConfig } from './kafka-topic';

describe('topicConfig', () => {
  it('creates the topic with its partitions, delete cleanup and retention.ms from days', () => {
    expect(topicConfig({ topic: 'packets', partitions: 6, retentionDays: 30 })).toEqual({
      topic: 'packets',
      numPartitions: 6,
      configEntries: [
        { name: 'cleanup.policy', value: 'delete' },
        { name: 'retention.ms', value: '2592000000' },
      ],
    });
  });

  it('leaves retention and replication to the broker when not given', () => {
    expect(topicConfig({ topic: 't', partitions: 1, replicationFactor: 3 })).toEqual({
      topic: 't',
      numPartitions: 1,
      replicationFactor: 3,
      configEntries: [{ name: 'cleanup.policy', value: 'delete' }],
    });
  });

  it('refuses an empty name, a bad partition count or retention', () => {
    expect(() => topicConfig({ topic: '', partitions: 1 })).toThrow('needs a name');
    expect(() => topicConfig({ topic: 't', partitions: 0 })).toThrow('Invalid partition count');
    expect(() => retentionMs(0)).toThrow('Invalid retention');
    expect(retentionMs(0.5)).toBe('43200000');
  });
});

describe('planTopic', () => {
  it('creates a missing topic, keeps a matching one and grows a smaller one', () => {
    expect(planTopic('packets', null, 4)).toEqual({ action: 'create' });
    expect(planTopic('packets', 4, 4)).toEqual({ action: 'none' });
    expect(planTopic('packets', 2, 4)).toEqual({ action: 'grow', count: 4 });
  });

  it('refuses to open a topic with fewer partitions than it has', () => {
    expect(() => planTopic('packets', 8, 4)).toThrow(
      'The topic packets has 8 partitions; it cannot be opened with 4',
    );
  });
});

describe('parseBrokers', () => {
  it('reads a comma-separated host:port list', () => {
    expect(parseBrokers('kafka:9092, kafka-2:9093,,[::1]:9092')).toEqual([
      'kafka:9092',
      'kafka-2:9093',
      '[::1]:9092',
    ]);
  });

  it('refuses an empty list or an entry without port', () => {
    expect(() => parseBrokers(' , ')).toThrow('lists no broker');
    expect(() => parseBrokers('kafka')).toThrow('"kafka" is not host:port');
    expect(() => parseBrokers('http://kafka:9092')).toThrow('is not host:port');
  });
});

import {
  parseBrokers,
  planTopic,
  replicationDrift,
  retentionMs,
  topicConfig,
  topicReplication,
  wantedReplication,
} from './kafka-topic';

describe('topicConfig', () => {
  it('creates the topic with its partitions, delete cleanup, CreateTime and retention.ms from days', () => {
    expect(topicConfig({ topic: 'packets', partitions: 6, retentionDays: 30 })).toEqual({
      topic: 'packets',
      numPartitions: 6,
      configEntries: [
        { name: 'cleanup.policy', value: 'delete' },
        { name: 'message.timestamp.type', value: 'CreateTime' },
        { name: 'retention.ms', value: '2592000000' },
      ],
    });
  });

  it('leaves retention and replication to the broker when not given', () => {
    expect(topicConfig({ topic: 't', partitions: 1, replicationFactor: 3 })).toEqual({
      topic: 't',
      numPartitions: 1,
      replicationFactor: 3,
      configEntries: [
        { name: 'cleanup.policy', value: 'delete' },
        { name: 'message.timestamp.type', value: 'CreateTime' },
      ],
    });
  });

  it('sets the replication and min.insync.replicas it is given', () => {
    expect(
      topicConfig({
        topic: 't',
        partitions: 2,
        retentionDays: 1,
        replicationFactor: 3,
        minInsyncReplicas: 2,
      }),
    ).toEqual({
      topic: 't',
      numPartitions: 2,
      replicationFactor: 3,
      configEntries: [
        { name: 'cleanup.policy', value: 'delete' },
        { name: 'message.timestamp.type', value: 'CreateTime' },
        { name: 'retention.ms', value: '86400000' },
        { name: 'min.insync.replicas', value: '2' },
      ],
    });
  });

  it('refuses an empty name, a bad partition count or retention', () => {
    expect(() => topicConfig({ topic: '', partitions: 1 })).toThrow('needs a name');
    expect(() => topicConfig({ topic: 't', partitions: 0 })).toThrow('Invalid partition count');
    expect(() => retentionMs(0)).toThrow('Invalid retention');
    expect(retentionMs(0.5)).toBe('43200000');
  });
});

describe('topicReplication', () => {
  it('chooses explicit values that work on one broker and keep appends through one failure on three', () => {
    const chosen = (brokers: number) => topicReplication({}, brokers);
    expect(chosen(1)).toEqual({ replicationFactor: 1, minInsyncReplicas: 1, shortfall: null });
    expect(chosen(2)).toEqual({ replicationFactor: 2, minInsyncReplicas: 1, shortfall: null });
    expect(chosen(3)).toEqual({ replicationFactor: 3, minInsyncReplicas: 2, shortfall: null });
    expect(chosen(7)).toEqual({ replicationFactor: 3, minInsyncReplicas: 2, shortfall: null });
  });

  it('takes the configured values, the in-sync count following a configured factor', () => {
    expect(topicReplication({ replicationFactor: 5 }, 5)).toEqual({
      replicationFactor: 5,
      minInsyncReplicas: 2,
      shortfall: null,
    });
    expect(topicReplication({ replicationFactor: 1 }, 3)).toEqual({
      replicationFactor: 1,
      minInsyncReplicas: 1,
      shortfall: null,
    });
    expect(topicReplication({ replicationFactor: 3, minInsyncReplicas: 3 }, 3)).toEqual({
      replicationFactor: 3,
      minInsyncReplicas: 3,
      shortfall: null,
    });
  });

  it('gives one copy per broker when fewer brokers show than configured, saying so with both numbers', () => {
    expect(topicReplication({ replicationFactor: 3 }, 1, 'packets')).toEqual({
      replicationFactor: 1,
      minInsyncReplicas: 1,
      shortfall:
        'KAFKA_REPLICATION_FACTOR is 3 but the cluster shows 1 broker: the topic packets is created with 1 replica per partition. ' +
        'Kafka adds no replica by itself when brokers join: reassign the partitions (kafka-reassign-partitions) once they are up',
    });
    const two = topicReplication({ replicationFactor: 5, minInsyncReplicas: 3 }, 2, 'packets');
    expect(two).toMatchObject({ replicationFactor: 2, minInsyncReplicas: 2 });
    expect(two.shortfall).toContain('KAFKA_REPLICATION_FACTOR is 5 but the cluster shows 2 brokers');
    expect(two.shortfall).toContain('KAFKA_MIN_INSYNC_REPLICAS 3 is lowered to 2');
    // In sync configured alone, above the one copy one broker allows.
    expect(topicReplication({ minInsyncReplicas: 2 }, 1)).toMatchObject({
      replicationFactor: 1,
      minInsyncReplicas: 1,
      shortfall: expect.stringContaining('KAFKA_MIN_INSYNC_REPLICAS 2 is lowered to 1') as unknown,
    });
  });

  it('refuses what no cluster could give, saying why', () => {
    expect(() => topicReplication({ replicationFactor: 2, minInsyncReplicas: 3 }, 5)).toThrow(
      'min.insync.replicas must be from 1 to the replication factor 2 (got 3)',
    );
    expect(() => topicReplication({ replicationFactor: 0 }, 1)).toThrow('Invalid replication factor 0');
    expect(() => topicReplication({}, 0)).toThrow('no broker');
  });
});

describe('wantedReplication', () => {
  it('is the configured factor whatever the brokers shown, else the default for them', () => {
    expect(wantedReplication({ replicationFactor: 3 }, 1)).toEqual({
      replicationFactor: 3,
      minInsyncReplicas: 2,
    });
    expect(wantedReplication({}, 1)).toEqual({ replicationFactor: 1, minInsyncReplicas: 1 });
  });
});

describe('replicationDrift', () => {
  const wanted = { replicationFactor: 3, minInsyncReplicas: 2 };

  it('says what an existing topic has that differs', () => {
    expect(replicationDrift('packets', wanted, { replicationFactor: 1, minInsyncReplicas: 1 })).toEqual([
      'The topic packets has 1 replicas per partition where 3 are wanted',
      'The topic packets has min.insync.replicas=1 where 2 is wanted',
    ]);
  });

  it('is silent when the topic matches or the value is unknown', () => {
    expect(replicationDrift('packets', wanted, { replicationFactor: 3, minInsyncReplicas: 2 })).toEqual([]);
    expect(replicationDrift('packets', wanted, { replicationFactor: null, minInsyncReplicas: null })).toEqual(
      [],
    );
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

import type { Kafka } from 'kafkajs';
import { samplePacket } from '../testing/packet-log.contract';
import { KafkaPacketLog } from './kafka-packet-log';

/**
 * A send whose answer is lost while Kafka stored it above the high watermark (a partition's leader stopped before
 * its successor confirmed the batch): no read sees the packet yet, and the caller, told the append failed,
 * appends it again. kafkajs is the edge here, so it is replaced by a stand-in of one partition: the broker keeps what
 * each producer sent (an idempotent producer's batch sent again is answered with the first offset, not written
 * twice, as Kafka does by sequence number), and a batch marked lost is stored without raising the high watermark.
 * The real broker's side of it is the drill of kafka-cluster-drill.int.spec.ts.
 */
class StandInBroker {
  readonly records: Array<{ id: string; producer: number }> = [];
  highWatermark = 0;
  /** The next sends that fail: 'lost' stores the batch and loses the answer, 'refused' stores nothing. */
  readonly failures: Array<'lost' | 'refused'> = [];
  producers = 0;

  kafka(): Kafka {
    return standInKafka(this);
  }
}

function standInKafka(broker: StandInBroker): Kafka {
  const admin = {
    connect: async () => undefined,
    disconnect: async () => undefined,
    listTopics: async () => [],
    createTopics: async () => true,
    describeCluster: async () => ({ brokers: [{ nodeId: 1 }] }),
    fetchTopicOffsets: async () => [{ partition: 0, low: '0', high: String(broker.highWatermark) }],
  };
  const producer = () => {
    const id = ++broker.producers;
    return {
      connect: async () => undefined,
      disconnect: async () => undefined,
      send: async ({ messages }: { messages: Array<{ headers: Record<string, string> }> }) => {
        const ids = messages.map((message) => message.headers['packet-id']);
        const failure = broker.failures.shift();
        if (failure === 'refused') throw new Error('NOT_LEADER_OR_FOLLOWER');
        const first = broker.records.findIndex((r) => r.producer === id && r.id === ids[0]);
        const base = first >= 0 ? first : broker.records.length;
        if (first < 0) for (const packetId of ids) broker.records.push({ id: packetId, producer: id });
        if (failure === 'lost') throw new Error('The request timed out');
        broker.highWatermark = broker.records.length;
        return [{ topicName: 'packets', partition: 0, errorCode: 0, baseOffset: String(base) }];
      },
    };
  };
  return {
    admin: () => admin,
    producer,
    consumer: () => {
      throw new Error('no read expected: nothing below the high watermark is unknown to the log');
    },
  } as unknown as Kafka;
}

const open = (broker: StandInBroker, appendTimeoutMs?: number) =>
  KafkaPacketLog.open({ kafka: broker.kafka(), partitions: 1, onError: () => undefined, appendTimeoutMs });

describe('an append whose send failed after Kafka stored it', () => {
  it('is settled by sending the same batch again through the same producer: the packet is stored once', async () => {
    const broker = new StandInBroker();
    const log = await open(broker);
    const packet = samplePacket('doubtful', '70b3d57ed0000001');
    broker.failures.push('lost');
    await expect(log.append([packet])).rejects.toThrow('timed out');
    expect(broker.records).toHaveLength(1);
    expect(broker.highWatermark).toBe(0);

    // Delivered again, with a packet of its own.
    const outcomes = await log.append([packet, samplePacket('next', '70b3d57ed0000002')]);
    expect(outcomes).toEqual([
      { appended: false, partition: 0, offset: 0 },
      { appended: true, partition: 0, offset: 1 },
    ]);
    expect(broker.records.map((record) => record.id)).toEqual(['doubtful', 'next']);
    expect(broker.producers).toBe(1);
    await log.close();
  });

  it('stores a doubtful batch that Kafka had refused, once, when it is settled', async () => {
    const broker = new StandInBroker();
    const log = await open(broker);
    broker.failures.push('refused');
    await expect(log.append([samplePacket('refused', '70b3d57ed0000001')])).rejects.toThrow('NOT_LEADER');
    expect(broker.records).toHaveLength(0);

    // The caller gave up on it; the next append still settles it first.
    expect(await log.append([samplePacket('other', '70b3d57ed0000002')])).toEqual([
      { appended: true, partition: 0, offset: 1 },
    ]);
    expect(broker.records.map((record) => record.id)).toEqual(['refused', 'other']);
    await log.close();
  });

  it('keeps resending through the same producer while a leader change lasts: the packet is stored once', async () => {
    // Given a send stored but unanswered, and the partition without a leader for the next five resends
    const broker = new StandInBroker();
    const log = await open(broker);
    const packet = samplePacket('doubtful', '70b3d57ed0000001');
    broker.failures.push('lost', 'refused', 'refused', 'refused', 'refused', 'refused');
    await expect(log.append([packet])).rejects.toThrow('timed out');
    for (let resend = 1; resend <= 5; resend++)
      await expect(log.append([packet])).rejects.toThrow('NOT_LEADER');
    // When the packet is delivered again once a leader answers, then it is found stored, once, by the same producer
    expect(await log.append([packet])).toEqual([{ appended: false, partition: 0, offset: 0 }]);
    expect(broker.records.map((record) => record.id)).toEqual(['doubtful']);
    expect(broker.producers).toBe(1);
    await log.close();
  });

  it('gives up after three failed resends and the append timeout: the producer is replaced and appends go on', async () => {
    const broker = new StandInBroker();
    const log = await open(broker, 50);
    broker.failures.push('refused', 'refused', 'refused', 'refused');
    await expect(log.append([samplePacket('a', '70b3d57ed0000001')])).rejects.toThrow('NOT_LEADER');
    for (let resend = 1; resend <= 3; resend++)
      await expect(log.append([samplePacket('b', '70b3d57ed0000002')])).rejects.toThrow('NOT_LEADER');
    expect(broker.producers).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    broker.failures.push('refused');
    await expect(log.append([samplePacket('b', '70b3d57ed0000002')])).rejects.toThrow('NOT_LEADER');

    expect(await log.append([samplePacket('b', '70b3d57ed0000002')])).toEqual([
      { appended: true, partition: 0, offset: 0 },
    ]);
    expect(broker.producers).toBe(2);
    expect(broker.records.map((record) => record.id)).toEqual(['b']);
    await log.close();
  });
});

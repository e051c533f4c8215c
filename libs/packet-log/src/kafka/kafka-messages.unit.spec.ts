import { packetKey } from '@lorawatch/domain/packet';
import { openDatabase } from '@lorawatch/sqlite/open-database';
import { Partitioners, type PartitionMetadata } from 'kafkajs';
import { SqlitePacketLog } from '../embedded/sqlite-packet-log';
import { sampleHeartbeat, samplePacket } from '../testing/packet-log.contract';
import {
  decodePacketMessage,
  decodePacketMessages,
  entryMessage,
  messagePacketId,
  PACKET_ID_HEADER,
  type RawMessage,
} from './kafka-messages';

function asReceived(message: ReturnType<typeof entryMessage>, offset: string, timestamp: string): RawMessage {
  return {
    offset,
    key: Buffer.from(String(message.key)),
    value: Buffer.from(String(message.value)),
    timestamp,
    headers: { [PACKET_ID_HEADER]: Buffer.from(String(message.headers?.[PACKET_ID_HEADER])) },
  };
}

function metadata(partitions: number): PartitionMetadata[] {
  return Array.from({ length: partitions }, (_, partitionId) => ({
    partitionErrorCode: 0,
    partitionId,
    leader: 1,
    replicas: [1],
    isr: [1],
  }));
}

describe('entryMessage', () => {
  it('keys the message by data source + device, with the packet JSON and its id in a header', () => {
    const packet = samplePacket('p-1', '70b3d57ed0000001');
    const message = entryMessage(packet, 4);
    expect(message.key).toBe('7:70b3d57ed0000001');
    expect(JSON.parse(String(message.value))).toEqual(packet);
    expect(message.headers).toEqual({ [PACKET_ID_HEADER]: 'p-1' });
  });

  it('chooses the partition the embedded log and Kafka default partitioner choose, for many keys', () => {
    const db = openDatabase(':memory:');
    try {
      for (const partitions of [1, 2, 3, 4, 12]) {
        const embedded = new SqlitePacketLog(db, { partitions });
        const kafkaDefault = Partitioners.DefaultPartitioner();
        for (let index = 0; index < 500; index += 1) {
          const devEui = index % 5 === 0 ? null : `70b3d57ed${index.toString(16).padStart(7, '0')}`;
          const packet = samplePacket(`p${index}`, devEui ?? 'unused', {
            devEui,
            devAddr: devEui === null ? `0${index}` : null,
            dataSourceId: index % 7,
          });
          const message = entryMessage(packet, partitions);
          const fromKafka = kafkaDefault({
            topic: 'packets',
            partitionMetadata: metadata(partitions),
            message: { key: message.key, value: message.value },
          });
          expect([packetKey(packet), message.partition]).toEqual([
            packetKey(packet),
            embedded.partitionFor(packetKey(packet)),
          ]);
          expect(message.partition).toBe(fromKafka);
        }
      }
    } finally {
      db.close();
    }
  });
});

describe('decodePacketMessage', () => {
  const packet = samplePacket('p-1', '70b3d57ed0000001');
  const message = entryMessage(packet, 4);

  it('gives back the record with its offset, key and the append time in ISO 8601', () => {
    const decoded = decodePacketMessage(2, asReceived(message, '41', '1714557600123'));
    expect(decoded).toEqual({
      ok: true,
      record: {
        partition: 2,
        offset: 41,
        key: '7:70b3d57ed0000001',
        timestamp: '2024-05-01T10:00:00.123Z',
        packet,
      },
    });
  });

  it.each<[string, Partial<RawMessage>, string]>([
    ['a null value', { value: null }, 'no value'],
    ['a value that is not JSON', { value: Buffer.from('{"id":') }, 'value is not JSON'],
    ['a JSON array', { value: Buffer.from('[1]') }, 'value is not an object'],
    [
      'a packet without id',
      { value: Buffer.from(JSON.stringify({ ...packet, id: '' })) },
      'packet has no id',
    ],
    [
      'a packet with a text dataSourceId',
      { value: Buffer.from(JSON.stringify({ ...packet, dataSourceId: '7' })) },
      'packet field dataSourceId is not a number',
    ],
    [
      'a packet without data',
      { value: Buffer.from(JSON.stringify({ ...packet, data: null })) },
      'packet field data is not a string',
    ],
    [
      'a header naming another packet',
      { headers: { [PACKET_ID_HEADER]: 'other' } },
      'packet-id header differs from the packet id',
    ],
    ['a negative timestamp', { timestamp: '-1' }, 'invalid timestamp "-1"'],
    ['an offset that is not a number', { offset: 'x' }, 'invalid offset "x"'],
    ['an offset beyond 2^53', { offset: '9007199254740993' }, 'invalid offset "9007199254740993"'],
  ])('rejects %s with a reason instead of throwing', (_name, change, reason) => {
    const raw = { ...asReceived(message, '5', '1714557600123'), ...change };
    expect(decodePacketMessage(1, raw)).toEqual({
      ok: false,
      rejected: { partition: 1, offset: raw.offset, reason },
    });
  });

  it('accepts a record without header or key (written by another producer)', () => {
    const raw = { ...asReceived(message, '0', '1714557600123'), key: null, headers: undefined };
    const decoded = decodePacketMessage(0, raw);
    expect(decoded.ok && decoded.record.key).toBe('7:70b3d57ed0000001');
  });

  it('splits a batch into records and counted rejections, keeping order', () => {
    const good = asReceived(message, '3', '1714557600123');
    const { records, rejected } = decodePacketMessages(0, [
      good,
      { ...good, offset: '4', value: Buffer.from('garbage') },
      { ...good, offset: '5' },
    ]);
    expect(records.map((record) => record.offset)).toEqual([3, 5]);
    expect(rejected).toEqual([{ partition: 0, offset: '4', reason: 'value is not JSON' }]);
  });
});

describe('messagePacketId', () => {
  const message = entryMessage(samplePacket('p-9', '70b3d57ed0000009'), 4);

  it('reads the id from the header, else from the value, else gives null', () => {
    const raw = asReceived(message, '0', '1714557600123');
    expect(messagePacketId(raw)).toBe('p-9');
    expect(messagePacketId({ ...raw, headers: {} })).toBe('p-9');
    expect(messagePacketId({ ...raw, headers: {}, value: Buffer.from('nope') })).toBeNull();
  });
});

describe('heartbeats', () => {
  const heartbeat = sampleHeartbeat('2024-05-01T10:05:00.000Z');
  const message = entryMessage(heartbeat, 4);

  it('are keyed by their data source, with their id in the header, and decode as heartbeat records', () => {
    expect(message.key).toBe('7:heartbeat');
    expect(message.headers).toEqual({ [PACKET_ID_HEADER]: heartbeat.id });
    const decoded = decodePacketMessage(2, asReceived(message, '9', '1714557900000'));
    expect(decoded).toEqual({
      ok: true,
      record: {
        partition: 2,
        offset: 9,
        key: '7:heartbeat',
        timestamp: '2024-05-01T10:05:00.000Z',
        heartbeat,
      },
    });
    expect(messagePacketId({ ...asReceived(message, '9', '1714557900000'), headers: {} })).toBe(heartbeat.id);
  });

  it('are rejected with a reason when a field is missing', () => {
    const { connected: _connected, ...broken } = heartbeat;
    const raw = { ...asReceived(message, '1', '1714557900000'), value: Buffer.from(JSON.stringify(broken)) };
    expect(decodePacketMessage(0, raw)).toEqual({
      ok: false,
      rejected: { partition: 0, offset: '1', reason: 'heartbeat field connected is not a boolean' },
    });
  });
});

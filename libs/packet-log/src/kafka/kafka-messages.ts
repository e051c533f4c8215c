import { packetKey, type Packet } from '@lorawatch/domain/packet';
import type { Message } from 'kafkajs';
import { partitionForKey } from '../embedded/murmur2';
import type { PacketRecord } from '../packet-log.port';

/** Header carrying the packet id, so de-duplication can index a record without parsing its JSON value. */
export const PACKET_ID_HEADER = 'packet-id';

/**
 * The partition is chosen here and sent explicitly: Kafka's default partitioner would give the same answer
 * (same murmur2), but an explicit partition keeps the log independent of the producer's partitioner setting.
 */
export function packetMessage(packet: Packet, partitions: number): Message & { partition: number } {
  const key = packetKey(packet);
  return {
    key,
    value: JSON.stringify(packet),
    partition: partitionForKey(key, partitions),
    headers: { [PACKET_ID_HEADER]: packet.id },
  };
}

/** What the consumer side sees of a Kafka message (kafkajs KafkaMessage, reduced to what is used). */
export interface RawMessage {
  offset: string;
  key: Buffer | null;
  value: Buffer | null;
  timestamp: string;
  headers?: Record<string, Buffer | string | (Buffer | string)[] | undefined>;
}

export interface RejectedMessage {
  partition: number;
  offset: string;
  reason: string;
}

export type Decoded = { ok: true; record: PacketRecord } | { ok: false; rejected: RejectedMessage };

/**
 * A record that is not a packet (written by another tool, truncated, hand-edited) is rejected with a reason:
 * the caller counts it and moves past it, so one bad record never stops a consumer.
 */
export function decodePacketMessage(partition: number, message: RawMessage): Decoded {
  const reject = (reason: string): Decoded => ({
    ok: false,
    rejected: { partition, offset: message.offset, reason },
  });
  const offset = parseOffset(message.offset);
  if (offset === null) return reject(`invalid offset "${message.offset}"`);
  if (message.value === null) return reject('no value');
  let value: unknown;
  try {
    value = JSON.parse(message.value.toString('utf8'));
  } catch {
    return reject('value is not JSON');
  }
  const problem = packetProblem(value);
  if (problem) return reject(problem);
  const packet = value as Packet;
  const headerId = headerText(message.headers?.[PACKET_ID_HEADER]);
  if (headerId !== null && headerId !== packet.id)
    return reject('packet-id header differs from the packet id');
  const millis = Number(message.timestamp);
  if (!Number.isFinite(millis) || millis < 0) return reject(`invalid timestamp "${message.timestamp}"`);
  return {
    ok: true,
    record: {
      partition,
      offset,
      key: message.key?.toString('utf8') ?? packetKey(packet),
      timestamp: new Date(millis).toISOString(),
      packet,
    },
  };
}

export function decodePacketMessages(
  partition: number,
  messages: RawMessage[],
): { records: PacketRecord[]; rejected: RejectedMessage[] } {
  const records: PacketRecord[] = [];
  const rejected: RejectedMessage[] = [];
  for (const message of messages) {
    const decoded = decodePacketMessage(partition, message);
    if (decoded.ok) records.push(decoded.record);
    else rejected.push(decoded.rejected);
  }
  return { records, rejected };
}

/** The id of a record from its header, else from its value; null when neither gives one. */
export function messagePacketId(message: RawMessage): string | null {
  const header = headerText(message.headers?.[PACKET_ID_HEADER]);
  if (header !== null) return header;
  const decoded = decodePacketMessage(0, message);
  return decoded.ok ? decoded.record.packet.id : null;
}

function parseOffset(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  const offset = Number(text);
  return Number.isSafeInteger(offset) ? offset : null;
}

function headerText(header: Buffer | string | (Buffer | string)[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return null;
  return typeof value === 'string' ? value : value.toString('utf8');
}

/** Checks the fields the log and the detectors rely on; the rest of the packet is the collector's business. */
function packetProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'value is not an object';
  const fields = value as Record<string, unknown>;
  if (typeof fields.id !== 'string' || fields.id === '') return 'packet has no id';
  for (const name of ['organizationId', 'dataSourceId', 'size', 'major'] as const) {
    if (typeof fields[name] !== 'number') return `packet field ${name} is not a number`;
  }
  for (const name of ['date', 'receivedAt', 'data', 'mType', 'direction', 'mic', 'source'] as const) {
    if (typeof fields[name] !== 'string') return `packet field ${name} is not a string`;
  }
  return null;
}

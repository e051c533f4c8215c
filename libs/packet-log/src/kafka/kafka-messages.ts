import type { Message } from 'kafkajs';
import { partitionForKey } from '../embedded/murmur2';
import { entryKey, logRecord, type Heartbeat, type LogEntry, type LogRecord } from '../packet-log.port';

/**
 * Header carrying the entry id (a packet's, or a heartbeat's), so de-duplication can index a record without
 * parsing its JSON value.
 */
export const PACKET_ID_HEADER = 'packet-id';

/**
 * The partition is chosen here and sent explicitly: Kafka's default partitioner would give the same answer
 * (same murmur2), but an explicit partition keeps the log independent of the producer's partitioner setting.
 * `timestampMs` is the record's CreateTime (a migrated record's original append time); without it the producer
 * stamps the time of the send.
 */
export function entryMessage(
  entry: LogEntry,
  partitions: number,
  timestampMs?: number,
): Message & { partition: number } {
  const key = entryKey(entry);
  return {
    key,
    value: JSON.stringify(entry),
    partition: partitionForKey(key, partitions),
    headers: { [PACKET_ID_HEADER]: entry.id },
    ...(timestampMs === undefined ? {} : { timestamp: String(timestampMs) }),
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

export type Decoded = { ok: true; record: LogRecord } | { ok: false; rejected: RejectedMessage };

/**
 * A record that is neither a packet nor a heartbeat (written by another tool, truncated, hand-edited) is rejected
 * with a reason: the caller counts it and moves past it, so one bad record never stops a consumer.
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
  const problem = entryProblem(value);
  if (problem) return reject(problem);
  const entry = value as LogEntry;
  const headerId = headerText(message.headers?.[PACKET_ID_HEADER]);
  if (headerId !== null && headerId !== entry.id)
    return reject('packet-id header differs from the packet id');
  const millis = Number(message.timestamp);
  if (!Number.isFinite(millis) || millis < 0) return reject(`invalid timestamp "${message.timestamp}"`);
  const place = {
    partition,
    offset,
    key: message.key?.toString('utf8') ?? entryKey(entry),
    timestamp: new Date(millis).toISOString(),
  };
  return { ok: true, record: logRecord(place, entry) };
}

export function decodePacketMessages(
  partition: number,
  messages: RawMessage[],
): { records: LogRecord[]; rejected: RejectedMessage[] } {
  const records: LogRecord[] = [];
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
  if (!decoded.ok) return null;
  return 'packet' in decoded.record ? decoded.record.packet.id : decoded.record.heartbeat.id;
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
function entryProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'value is not an object';
  const fields = value as Record<string, unknown>;
  if (fields.kind === 'heartbeat') return heartbeatProblem(fields);
  if (typeof fields.id !== 'string' || fields.id === '') return 'packet has no id';
  for (const name of ['organizationId', 'dataSourceId', 'size', 'major'] as const) {
    if (typeof fields[name] !== 'number') return `packet field ${name} is not a number`;
  }
  for (const name of ['date', 'receivedAt', 'data', 'mType', 'direction', 'mic', 'source'] as const) {
    if (typeof fields[name] !== 'string') return `packet field ${name} is not a string`;
  }
  return null;
}

function heartbeatProblem(fields: Record<string, unknown>): string | null {
  const shape: Record<keyof Omit<Heartbeat, 'kind'>, string> = {
    id: 'string',
    organizationId: 'number',
    dataSourceId: 'number',
    at: 'string',
    connected: 'boolean',
  };
  for (const [name, type] of Object.entries(shape)) {
    if (typeof fields[name] !== type) return `heartbeat field ${name} is not a ${type}`;
  }
  return fields.id === '' || Number.isNaN(Date.parse(fields.at as string))
    ? 'heartbeat has no id or time'
    : null;
}

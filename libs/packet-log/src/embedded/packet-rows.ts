import { logRecord, type LogEntry, type LogRecord } from '../packet-log.port';

/**
 * packet_partitions keeps each partition's next offset, so offsets are never reused even after retention
 * has deleted every record of a partition (consumer groups' committed offsets stay meaningful).
 */
export const PACKET_LOG_SCHEMA = `
  CREATE TABLE IF NOT EXISTS packet_partitions (
    partition INTEGER PRIMARY KEY,
    next_offset INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS packets (
    partition INTEGER NOT NULL,
    "offset" INTEGER NOT NULL,
    id TEXT NOT NULL UNIQUE,
    key TEXT NOT NULL,
    timestamp TEXT NOT NULL,
    packet TEXT NOT NULL,
    PRIMARY KEY (partition, "offset")
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS packets_timestamp ON packets (timestamp);
  CREATE TABLE IF NOT EXISTS packet_offsets (
    group_id TEXT NOT NULL,
    partition INTEGER NOT NULL,
    next_offset INTEGER NOT NULL,
    PRIMARY KEY (group_id, partition)
  );
`;

export interface PacketRow {
  partition: number;
  offset: number;
  key: string;
  timestamp: string;
  packet: string;
}

/**
 * The `packet` column holds the entry's JSON: a packet, or a heartbeat (`"kind": "heartbeat"`). Rows written
 * before heartbeats existed are all packets and read as such.
 */
export function toLogRecord(row: PacketRow): LogRecord {
  const place = { partition: row.partition, offset: row.offset, key: row.key, timestamp: row.timestamp };
  return logRecord(place, JSON.parse(row.packet) as LogEntry);
}

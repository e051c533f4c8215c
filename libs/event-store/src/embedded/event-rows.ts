import type { EventMetadata } from '@lorawatch/domain/event-envelope';
import type { RecordedEvent } from '../event-store.port';

/**
 * Global position is the rowid, so it follows commit order and never has gaps (events are never deleted). `hash`
 * chains each event to the one before it (chain/event-chain.ts); it is NULL for events recorded before the chain
 * started (see event-chain-schema.ts).
 */
export const EVENTS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position INTEGER PRIMARY KEY AUTOINCREMENT,
    stream_id TEXT NOT NULL,
    revision INTEGER NOT NULL,
    event_id TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL,
    data TEXT NOT NULL,
    metadata TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    hash TEXT,
    UNIQUE (stream_id, revision)
  );
`;

export interface EventRow {
  position: number;
  stream_id: string;
  revision: number;
  event_id: string;
  type: string;
  data: string;
  metadata: string;
  recorded_at: string;
  hash: string | null;
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.revision,
    position: row.position,
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as EventMetadata,
    recordedAt: row.recorded_at,
  };
}

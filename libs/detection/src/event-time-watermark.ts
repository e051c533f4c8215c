import {
  watermarksOf,
  type DataSourceConnection,
  type PartitionEventTime,
  type Watermarks,
} from '@lorawatch/detectors/watermark';
import type { Heartbeat } from '@lorawatch/packet-log/packet-log.port';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';

/**
 * Where the detection runner keeps event time (docs/architecture.md §9): documents of the `detector_state`
 * collection, committed with the detector state and the partition offsets, so a restart resumes from the same
 * watermark. The issue tracker reads a data source's watermark from here for its timeouts.
 */
export const DETECTOR_STATE = { name: 'detector_state' };

export interface StateDoc<TState = unknown> {
  id: string;
  state: TState;
}

const EVENT_TIME_PREFIX = 'eventtime:';
const WATERMARK_PREFIX = 'watermark:';
const HEARTBEAT_PREFIX = 'heartbeat:';

/** One document per data source and partition: the newest packet detected there (see PartitionEventTime). */
export const eventTimeKey = (dataSourceId: number, partition: number): string =>
  `${EVENT_TIME_PREFIX}${dataSourceId}:p${partition}`;

/** One document per data source: the watermark of its last tick, which never moves back. */
export const watermarkKey = (dataSourceId: number): string => `${WATERMARK_PREFIX}${dataSourceId}`;

export interface DataSourceWatermark {
  dataSourceId: number;
  /** ISO 8601: events of the data source up to this instant have all been detected. */
  at: string;
}

/**
 * One document per data source: its latest heartbeat detected (the collector's record of a quiet or not connected
 * data source, libs/ingest/src/collector-heartbeat.ts), committed with the partition that carries its heartbeats.
 */
export const heartbeatStateKey = (dataSourceId: number): string => `${HEARTBEAT_PREFIX}${dataSourceId}`;

/** What the detectors keep of a data source's latest heartbeat. */
export interface DataSourceHeartbeat {
  dataSourceId: number;
  /** The collector's clock stamped in the heartbeat, ISO 8601. */
  at: string;
  connected: boolean;
}

/** The later of the known heartbeat and a heartbeat read from the log (a re-read older one changes nothing). */
export function advanceHeartbeat(
  known: DataSourceHeartbeat | undefined,
  heartbeat: Heartbeat,
): DataSourceHeartbeat {
  if (known !== undefined && Date.parse(known.at) >= Date.parse(heartbeat.at)) return known;
  return { dataSourceId: heartbeat.dataSourceId, at: heartbeat.at, connected: heartbeat.connected };
}

/** The latest heartbeat detected of every data source that has sent one. */
export async function loadHeartbeats(store: ReadStore): Promise<Map<number, DataSourceHeartbeat>> {
  const docs = await store
    .collection<StateDoc<DataSourceHeartbeat>>(DETECTOR_STATE)
    .find({ id: { $gte: HEARTBEAT_PREFIX, $lt: 'heartbeat;' } });
  return new Map(docs.map((doc) => [doc.state.dataSourceId, doc.state]));
}

export interface StoredWatermarkInput {
  /** The event times of one data source, one per partition that has carried its packets (at least one). */
  partitions: readonly PartitionEventTime[];
  /** True when every record logged in the partition so far has been detected. */
  caughtUp(partition: number): boolean;
  /** The data source's latest heartbeat detected; null when it never sent one (logs written before heartbeats). */
  heartbeat: DataSourceHeartbeat | null;
}

export interface StoredWatermarks extends Watermarks {
  /** The data source's connection as the log tells it, for the tick detectors (alert, or only mark). */
  connection: DataSourceConnection;
}

/**
 * The watermarks of a data source at a tick, from what the log holds only (docs/architecture.md §9): no clock is
 * read. The newest record decides the connection: a heartbeat newer than every packet detected says whether the
 * collector was connected; a packet newer than every heartbeat was received through a connection. The idle rule
 * then follows the collector's clock as the heartbeat stamped it: with every record detected, the data source is
 * at `latest date + (heartbeat at − latest receivedAt)`. Without a heartbeat newer than the packets, the watermark
 * stays at the latest event time.
 */
export function storedWatermarks(input: StoredWatermarkInput): StoredWatermarks {
  const latestReceived = Math.max(...input.partitions.map((p) => Date.parse(p.receivedAt)));
  const beat = input.heartbeat;
  const newest = beat !== null && Date.parse(beat.at) > latestReceived ? beat : null;
  const connection: DataSourceConnection = { connected: newest?.connected ?? true, connectedSince: null };
  const marks = watermarksOf({
    partitions: input.partitions,
    caughtUp: input.caughtUp,
    connection,
    // The collector's clock as stored: the heartbeat's, else that of the latest packet (nothing to advance).
    now: newest?.at ?? new Date(latestReceived).toISOString(),
    idleAfterSeconds: 0,
  });
  return { ...marks, connection };
}

/** Every partition's event time of every data source ("eventtime:" .. "eventtime;" sorts just after the prefix). */
export async function loadPartitionEventTimes(store: ReadStore): Promise<PartitionEventTime[]> {
  const docs = await store
    .collection<StateDoc<PartitionEventTime>>(DETECTOR_STATE)
    .find({ id: { $gte: EVENT_TIME_PREFIX, $lt: 'eventtime;' } });
  return docs.map((doc) => doc.state);
}

/** The watermark the detectors last reached for a data source; null before its first tick with packets. */
export async function readDataSourceWatermark(
  store: ReadStore,
  dataSourceId: number,
): Promise<DataSourceWatermark | null> {
  const doc = await store
    .collection<StateDoc<DataSourceWatermark>>(DETECTOR_STATE)
    .get(watermarkKey(dataSourceId));
  return doc?.state ?? null;
}

import type { PartitionEventTime } from '@lorawatch/detectors/watermark';
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

import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { CollectionSpec, ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';

/**
 * A read model built from events. `project` computes the writes for one event (it may read the read
 * store); the runner applies them together with the checkpoint, so each event counts exactly once.
 */
export interface Projection {
  readonly name: string;
  readonly collections: CollectionSpec[];
  readonly eventTypes: string[];
  /**
   * Shape of the read model; 1 when absent. Raising it makes the next start drop the projection's collections
   * and checkpoint and rebuild them from the whole history, so a release that changes a read model needs no
   * manual replay.
   */
  readonly version?: number;
  project(event: RecordedEvent, store: ReadStore): Promise<WriteOp[]> | WriteOp[];
}

/** Published after a projection committed the writes of an event (feeds the websocket). */
export interface ProjectionUpdate {
  projection: string;
  event: RecordedEvent;
  ops: WriteOp[];
}

export const PROJECTIONS = Symbol('PROJECTIONS');

import { eventGuard, type RecordedOf } from '@lorawatch/event-store/typed-events';

/**
 * Who collects a data source. Stream collector-lease-<dataSourceId>; system events (organizationId null): no
 * projection lists them and the websocket never forwards them.
 *
 * Every event states the whole lease, so the last event of the stream is its state (a keeper reads only the
 * tail of a stream that grows with each renewal).
 */
export interface CollectorLeaseAcquired {
  dataSourceId: number;
  holder: string;
  /** ISO 8601, by the holder's clock. */
  expiresAt: string;
}

export type CollectorLeaseRenewed = CollectorLeaseAcquired;

export interface CollectorLeaseReleased {
  dataSourceId: number;
  holder: string;
}

export const CollectorLeaseEventTypes = {
  Acquired: 'CollectorLeaseAcquired',
  Renewed: 'CollectorLeaseRenewed',
  Released: 'CollectorLeaseReleased',
} as const;

export type CollectorLeaseEvent =
  | { type: typeof CollectorLeaseEventTypes.Acquired; data: CollectorLeaseAcquired }
  | { type: typeof CollectorLeaseEventTypes.Renewed; data: CollectorLeaseRenewed }
  | { type: typeof CollectorLeaseEventTypes.Released; data: CollectorLeaseReleased };

/** Each lease event type with its payload. */
export interface CollectorLeaseEventPayloads {
  [CollectorLeaseEventTypes.Acquired]: CollectorLeaseAcquired;
  [CollectorLeaseEventTypes.Renewed]: CollectorLeaseRenewed;
  [CollectorLeaseEventTypes.Released]: CollectorLeaseReleased;
}
export const isCollectorLeaseEvent = eventGuard<CollectorLeaseEventPayloads>();

export const collectorLeaseStream = (dataSourceId: number): string => `collector-lease-${dataSourceId}`;

/**
 * Which collectors are alive, so that one holding no lease still counts when the data sources are shared out.
 * Stream collector-presence; each collector writes `CollectorPresent` every third of the TTL (86 400 s / (TTL/3)
 * events a day per collector) and `CollectorLeft` when it stops.
 */
export const COLLECTOR_PRESENCE_STREAM = 'collector-presence';

export interface CollectorPresent {
  holder: string;
  /** ISO 8601, by the collector's clock: it counts as alive until then. */
  until: string;
}

export interface CollectorLeft {
  holder: string;
}

export const CollectorPresenceEventTypes = {
  Present: 'CollectorPresent',
  Left: 'CollectorLeft',
} as const;

/** Each presence event type with its payload. */
export interface CollectorPresenceEventPayloads {
  [CollectorPresenceEventTypes.Present]: CollectorPresent;
  [CollectorPresenceEventTypes.Left]: CollectorLeft;
}
export type CollectorPresenceEvent = RecordedOf<CollectorPresenceEventPayloads>;
export const isCollectorPresenceEvent = eventGuard<CollectorPresenceEventPayloads>();

/**
 * How much of the lease and presence streams matters: a lease's last event is its state, and the presence board
 * reads at most the last 1,000 events. On KurrentDB older events are dropped ($maxCount) rather than kept for ever
 * (a renewal every third of the TTL adds thousands of events a day per data source).
 */
export const COLLECTOR_STREAM_BOUNDS = [
  { prefix: 'collector-lease-', maxCount: 100 },
  { prefix: COLLECTOR_PRESENCE_STREAM, maxCount: 10_000 },
] as const;

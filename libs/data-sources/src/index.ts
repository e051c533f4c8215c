/**
 * The public entry of the data-sources context: what other contexts and the processes may import (its events, views and
 * ids). Anything else in the context is its own; the linter refuses another context reaching past here.
 */
export {
  COLLECTOR_PRESENCE_STREAM,
  COLLECTOR_STREAM_BOUNDS,
  type CollectorLeaseEvent,
  type CollectorLeaseEventPayloads,
  CollectorLeaseEventTypes,
  collectorLeaseStream,
  type CollectorPresenceEvent,
  type CollectorPresenceEventPayloads,
  CollectorPresenceEventTypes,
  isCollectorLeaseEvent,
  isCollectorPresenceEvent,
} from './collection/lease/collector-lease.events';
export {
  type DataSourceEvent,
  type DataSourceEventPayloads,
  DataSourceEventTypes,
  type DataSourceSettings,
  dataSourceStream,
  isDataSourceEvent,
} from './domain/data-source.events';
export { DATA_SOURCE_LOG, type DataSourceLogEntry } from './projection/data-source-log.projection';

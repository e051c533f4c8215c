import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Projection } from '@lorawatch/projections/projection';
import type { WriteOp } from '@lorawatch/read-store/read-store.port';
import { dataSourceTypeById } from '../domain/data-source-types';
import {
  DataSourceEventTypes,
  LOG_TYPE_BY_EVENT,
  type DataSourceEvent,
  type DataSourceEventPayloads,
} from '../domain/data-source.events';
import { recordedOf } from '@lorawatch/event-store/typed-events';

/** One entry per data-source event: who did what, when, with its parameters (never secrets). */
export interface DataSourceLogEntry {
  id: string;
  position: number;
  dataSourceId: number;
  organizationId: number | null;
  type: string;
  createdAt: string;
  parameters: Record<string, unknown>;
  /** The acting user, or null for the system (collectors). */
  userId: number | null;
}

export const DATA_SOURCE_LOG = {
  name: 'data_source_log',
  indexes: [{ fields: ['dataSourceId', 'position'] }],
};

export const dataSourceLogProjection: Projection = {
  name: 'data_source_log',
  collections: [DATA_SOURCE_LOG],
  eventTypes: Object.keys(LOG_TYPE_BY_EVENT),
  project(recorded: RecordedEvent): WriteOp[] {
    const event = recordedOf<DataSourceEventPayloads>(recorded);
    const actor = Number(event.metadata.actor);
    const doc: DataSourceLogEntry = {
      id: String(event.position),
      position: event.position,
      dataSourceId: event.data.dataSourceId,
      organizationId: event.metadata.organizationId,
      type: LOG_TYPE_BY_EVENT[event.type],
      createdAt: event.metadata.occurredAt,
      parameters: parametersOf(event),
      userId: Number.isInteger(actor) && actor > 0 ? actor : null,
    };
    return [{ op: 'upsert', collection: DATA_SOURCE_LOG.name, doc }];
  },
};

function parametersOf(event: DataSourceEvent): Record<string, unknown> {
  switch (event.type) {
    case DataSourceEventTypes.Created:
    case DataSourceEventTypes.Updated: {
      const settings = event.data;
      return {
        ip: settings.host,
        port: settings.port === null ? null : String(settings.port),
        user: settings.username,
        ssl: settings.ssl,
        type: dataSourceTypeById(settings.typeId)?.type ?? settings.type,
        policy: settings.policyId,
      };
    }
    case DataSourceEventTypes.Disconnected:
      return { error: event.data.error ?? null };
    case DataSourceEventTypes.ParsingFailed:
      return { message: event.data.message, count: event.data.count };
    case DataSourceEventTypes.LoginFailed:
      return { message: event.data.message };
    default:
      return {};
  }
}

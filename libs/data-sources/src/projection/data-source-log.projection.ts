import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Projection } from '@lorawatch/projections/projection';
import type { WriteOp } from '@lorawatch/read-store/read-store.port';
import { dataSourceTypeById } from '../domain/data-source-types';
import { LOG_TYPE_BY_EVENT, type DataSourceSettings } from '../domain/data-source.events';

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
  project(event: RecordedEvent): WriteOp[] {
    const data = event.data as { dataSourceId: number } & Record<string, unknown>;
    const actor = Number(event.metadata.actor);
    const doc: DataSourceLogEntry = {
      id: String(event.position),
      position: event.position,
      dataSourceId: data.dataSourceId,
      organizationId: event.metadata.organizationId,
      type: LOG_TYPE_BY_EVENT[event.type],
      createdAt: event.metadata.occurredAt,
      parameters: parametersOf(event.type, data),
      userId: Number.isInteger(actor) && actor > 0 ? actor : null,
    };
    return [{ op: 'upsert', collection: DATA_SOURCE_LOG.name, doc }];
  },
};

function parametersOf(eventType: string, data: Record<string, unknown>): Record<string, unknown> {
  switch (LOG_TYPE_BY_EVENT[eventType]) {
    case 'CREATED':
    case 'UPDATED': {
      const settings = data as unknown as DataSourceSettings;
      return {
        ip: settings.host,
        port: settings.port === null ? null : String(settings.port),
        user: settings.username,
        ssl: settings.ssl,
        type: dataSourceTypeById(settings.typeId)?.type ?? settings.type,
        policy: settings.policyId,
      };
    }
    case 'DISCONNECTED':
      return { error: data.error ?? null };
    case 'FAILED_PARSING':
      return { message: data.message, count: data.count };
    case 'FAILED_LOGIN':
      return { message: data.message };
    default:
      return {};
  }
}

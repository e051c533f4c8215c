import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Projection } from '@lorawatch/projections/projection';
import type { ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';
import {
  DataSourceEventTypes,
  type DataSourceConnected,
  type DataSourceCreated,
  type DataSourceDisconnected,
} from '../domain/data-source.events';
import { DATA_SOURCES, type DataSourceView } from './data-source.view';

export const dataSourcesProjection: Projection = {
  name: 'data_sources',
  collections: [DATA_SOURCES],
  eventTypes: Object.values(DataSourceEventTypes),
  async project(event: RecordedEvent, _store: ReadStore): Promise<WriteOp[]> {
    switch (event.type) {
      case DataSourceEventTypes.Created: {
        const data = event.data as DataSourceCreated;
        const doc: DataSourceView = {
          id: String(data.dataSourceId),
          dataSourceId: data.dataSourceId,
          organizationId: data.organizationId,
          name: data.name,
          description: data.description,
          typeId: data.typeId,
          type: data.type,
          host: data.host,
          port: data.port,
          username: data.username,
          hasPassword: data.passwordSealed !== null,
          ssl: data.ssl,
          caCert: data.caCert,
          clientCert: data.clientCert,
          hasClientKey: data.clientKeySealed !== null,
          topics: data.topics,
          policyId: data.policyId,
          status: 'DISCONNECTED',
          verified: false,
          createdAt: event.metadata.occurredAt,
          lastError: null,
          deleted: false,
        };
        return [{ op: 'upsert', collection: DATA_SOURCES.name, doc }];
      }
      case DataSourceEventTypes.Connected: {
        const data = event.data as DataSourceConnected;
        return [
          {
            op: 'patch',
            collection: DATA_SOURCES.name,
            id: String(data.dataSourceId),
            set: { status: 'CONNECTED', verified: true, lastError: null },
          },
        ];
      }
      case DataSourceEventTypes.Disconnected: {
        const data = event.data as DataSourceDisconnected;
        return [
          {
            op: 'patch',
            collection: DATA_SOURCES.name,
            id: String(data.dataSourceId),
            set: { status: 'DISCONNECTED', lastError: data.error },
          },
        ];
      }
      default:
        return [];
    }
  },
};

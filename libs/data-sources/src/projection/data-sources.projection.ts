import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Projection } from '@lorawatch/projections/projection';
import type { WriteOp } from '@lorawatch/read-store/read-store.port';
import { DataSourceEventTypes, type DataSourceEventPayloads } from '../domain/data-source.events';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { settingsView } from './data-source.view';
import { recordedOf } from '@lorawatch/event-store/typed-events';

const patch = (dataSourceId: number, set: Partial<DataSourceView>): WriteOp[] => [
  { op: 'patch', collection: DATA_SOURCES.name, id: String(dataSourceId), set },
];

export const dataSourcesProjection: Projection = {
  name: 'data_sources',
  collections: [DATA_SOURCES],
  eventTypes: [
    DataSourceEventTypes.Created,
    DataSourceEventTypes.Updated,
    DataSourceEventTypes.Connected,
    DataSourceEventTypes.Disconnected,
    DataSourceEventTypes.Enabled,
    DataSourceEventTypes.Disabled,
    DataSourceEventTypes.Deleted,
    DataSourceEventTypes.LimitationsChanged,
  ],
  project(recorded: RecordedEvent): WriteOp[] {
    const event = recordedOf<DataSourceEventPayloads>(recorded);
    const { dataSourceId } = event.data;
    switch (event.type) {
      case DataSourceEventTypes.Created: {
        const data = event.data;
        const doc: DataSourceView = {
          id: String(dataSourceId),
          dataSourceId,
          organizationId: data.organizationId,
          ...settingsView(data),
          status: 'DISCONNECTED',
          verified: false,
          createdAt: event.metadata.occurredAt,
          lastError: null,
          deleted: false,
        };
        return [{ op: 'upsert', collection: DATA_SOURCES.name, doc }];
      }
      case DataSourceEventTypes.Updated:
        return patch(dataSourceId, settingsView(event.data));
      case DataSourceEventTypes.Connected:
        return patch(dataSourceId, { status: 'CONNECTED', verified: true, lastError: null });
      case DataSourceEventTypes.Disconnected:
        return patch(dataSourceId, {
          status: 'DISCONNECTED',
          lastError: event.data.error,
        });
      case DataSourceEventTypes.Disabled:
        return patch(dataSourceId, { status: 'DISABLED' });
      case DataSourceEventTypes.Enabled:
        return patch(dataSourceId, { status: 'DISCONNECTED' });
      case DataSourceEventTypes.Deleted:
        return patch(dataSourceId, { deleted: true });
      case DataSourceEventTypes.LimitationsChanged:
        return patch(dataSourceId, {
          limitations: event.data.limitations,
        });
      default:
        return [];
    }
  },
};

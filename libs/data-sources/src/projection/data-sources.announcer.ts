import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { POLICIES, type PolicyView } from '@lorawatch/policies';
import type { Announcements, ProjectionAnnouncer } from '@lorawatch/projections/announcer';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { dataSourceJson } from './data-source.json';
import { dataSourcesProjection } from './data-sources.projection';
import { recordedOf } from '@lorawatch/event-store/typed-events';
import type { DataSourceEventPayloads } from '../domain/data-source.events';

/** `updated_data_collector`: the data source as it is now, after any change the projection committed. */
export function dataSourcesAnnouncer(): ProjectionAnnouncer {
  return {
    projection: dataSourcesProjection.name,
    async announce(event: RecordedEvent, store: ReadStore, out: Announcements): Promise<void> {
      const organizationId = event.metadata.organizationId;
      const dataSourceId: number | undefined = recordedOf<DataSourceEventPayloads>(event).data.dataSourceId;
      if (organizationId === null || dataSourceId === undefined) return;
      const source = await store.collection<DataSourceView>(DATA_SOURCES).get(String(dataSourceId));
      if (!source) return;
      const policy = await store.collection<PolicyView>(POLICIES).get(String(source.policyId));
      out.updatedDataCollector(organizationId, dataSourceJson(source, policy?.name ?? null));
    },
  };
}

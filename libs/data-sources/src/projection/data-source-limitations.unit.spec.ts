import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { LIMITED_ATTRIBUTION } from '@lorawatch/ingest/application/device-address-book';
import { dataSourceEvolver, decideLimitations } from '../domain/data-source';
import { DataSourceEventTypes } from '../domain/data-source.events';
import { dataSourceListJson } from '@lorawatch/domain/data-source.json';
import { dataSourceJson } from './data-source.json';
import type { DataSourceView } from '@lorawatch/domain/data-source.view';
import { dataSourcesProjection } from './data-sources.projection';

function recorded(type: string, data: object, revision: number): RecordedEvent {
  return {
    id: `e${revision}`,
    type,
    data,
    metadata: {
      organizationId: 1,
      actor: 'collector',
      correlationId: 'c',
      causationId: null,
      occurredAt: '2026-01-01T00:00:00Z',
      schemaVersion: 1,
    },
    streamId: 'datasource-1',
    revision,
    position: revision + 1,
    recordedAt: '2026-01-01T00:00:00Z',
  };
}

const created = recorded(
  DataSourceEventTypes.Created,
  { dataSourceId: 1, organizationId: 1, name: 'TTN', type: 'ttn_v3_collector', topics: [], gateways: [] },
  0,
);
/** The data-sources projection reads nothing from the store. */
const noStore = {} as ReadStore;

const limited = recorded(
  DataSourceEventTypes.LimitationsChanged,
  { dataSourceId: 1, limitations: [LIMITED_ATTRIBUTION] },
  1,
);

describe('a data source’s detector coverage', () => {
  it('is recorded only when the collector reports a change', () => {
    const fresh = dataSourceEvolver.evolve(dataSourceEvolver.initial, created);
    expect(decideLimitations(fresh, [])).toBe(false);
    expect(decideLimitations(fresh, [LIMITED_ATTRIBUTION])).toBe(true);
    const noted = dataSourceEvolver.evolve(fresh, limited);
    expect(decideLimitations(noted, [LIMITED_ATTRIBUTION])).toBe(false);
    expect(decideLimitations(noted, [])).toBe(true);
    expect(decideLimitations(dataSourceEvolver.initial, [LIMITED_ATTRIBUTION])).toBe(false);
  });

  it('reaches the read model and the API as detector_coverage, empty for views built before it was kept', async () => {
    expect(dataSourcesProjection.eventTypes).toContain(DataSourceEventTypes.LimitationsChanged);
    expect(await dataSourcesProjection.project(limited, noStore)).toEqual([
      { op: 'patch', collection: 'data_sources', id: '1', set: { limitations: [LIMITED_ATTRIBUTION] } },
    ]);
    const [upsert] = await dataSourcesProjection.project(created, noStore);
    if (upsert.op !== 'upsert') throw new Error('a created data source is upserted');
    const view = upsert.doc as DataSourceView;
    expect(dataSourceListJson(view).detector_coverage).toEqual([]);
    const withNote = { ...view, limitations: [LIMITED_ATTRIBUTION] };
    expect(dataSourceListJson(withNote).detector_coverage).toEqual([
      'no application events: per-device detectors limited',
    ]);
    expect(dataSourceJson(withNote, 'Default').detector_coverage).toEqual([LIMITED_ATTRIBUTION]);
  });
});

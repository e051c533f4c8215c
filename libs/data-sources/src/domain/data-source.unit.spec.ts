import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import { dataSourceEvolver, decideStatus } from './data-source';
import { DataSourceEventTypes } from './data-source.events';

const created = { dataSourceId: 1, organizationId: 1, name: 'n', type: 'chirpstack_collector' };

function stateAfter(...types: string[]) {
  return types
    .map((type, revision): RecordedEvent => ({
      id: `e${revision}`,
      type,
      data: type === DataSourceEventTypes.Created ? created : { dataSourceId: 1, error: null },
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
    }))
    .reduce(dataSourceEvolver.evolve, dataSourceEvolver.initial);
}

describe('data-source status reports', () => {
  it('become events only when they change the status', () => {
    const fresh = stateAfter(DataSourceEventTypes.Created);
    expect(fresh.status).toBe('DISCONNECTED');
    expect(decideStatus(fresh, 'CONNECTED')).toBe(true);
    expect(decideStatus(fresh, 'DISCONNECTED')).toBe(false);
    const connected = stateAfter(DataSourceEventTypes.Created, DataSourceEventTypes.Connected);
    expect(decideStatus(connected, 'CONNECTED')).toBe(false);
    expect(decideStatus(connected, 'DISCONNECTED')).toBe(true);
  });

  it('are ignored for a data source that does not exist', () => {
    expect(decideStatus(stateAfter(), 'CONNECTED')).toBe(false);
  });
});

import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Evolver } from '@lorawatch/platform/aggregate';
import { DataSourceEventTypes, type DataSourceCreated, type DataSourceStatus } from './data-source.events';

export interface DataSourceState {
  created: DataSourceCreated | null;
  status: DataSourceStatus;
}

export const dataSourceEvolver: Evolver<DataSourceState> = {
  initial: { created: null, status: 'DISCONNECTED' },
  evolve(state: DataSourceState, event: RecordedEvent): DataSourceState {
    switch (event.type) {
      case DataSourceEventTypes.Created:
        return { created: event.data as DataSourceCreated, status: 'DISCONNECTED' };
      case DataSourceEventTypes.Connected:
        return { ...state, status: 'CONNECTED' };
      case DataSourceEventTypes.Disconnected:
        return { ...state, status: 'DISCONNECTED' };
      default:
        return state;
    }
  },
};

/** A status report becomes an event only when it changes the status (no flapping duplicates). */
export function decideStatus(state: DataSourceState, reported: 'CONNECTED' | 'DISCONNECTED'): boolean {
  return state.created !== null && state.status !== 'DISABLED' && state.status !== reported;
}

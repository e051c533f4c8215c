import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Evolver } from '@lorawatch/platform/aggregate';
import {
  DataSourceEventTypes,
  type DataSourceEventPayloads,
  type DataSourceSettings,
  type DataSourceStatus,
} from './data-source.events';
import { recordedOf } from '@lorawatch/event-store/typed-events';

export interface DataSourceState {
  organizationId: number | null;
  settings: DataSourceSettings | null;
  status: DataSourceStatus;
  deleted: boolean;
  /** What its collector last said it could not see (DataSourceLimitationsChanged); absent until it says. */
  limitations?: string[];
}

export const dataSourceEvolver: Evolver<DataSourceState> = {
  initial: { organizationId: null, settings: null, status: 'DISCONNECTED', deleted: false },
  evolve(state: DataSourceState, recorded: RecordedEvent): DataSourceState {
    const event = recordedOf<DataSourceEventPayloads>(recorded);
    switch (event.type) {
      case DataSourceEventTypes.Created: {
        const { dataSourceId: _id, organizationId, ...settings } = event.data;
        return { organizationId, settings, status: 'DISCONNECTED', deleted: false };
      }
      case DataSourceEventTypes.Updated: {
        const { dataSourceId: _id, ...settings } = event.data;
        return { ...state, settings };
      }
      case DataSourceEventTypes.Connected:
        return state.status === 'DISABLED' ? state : { ...state, status: 'CONNECTED' };
      case DataSourceEventTypes.Disconnected:
        return state.status === 'DISABLED' ? state : { ...state, status: 'DISCONNECTED' };
      case DataSourceEventTypes.Disabled:
        return { ...state, status: 'DISABLED' };
      case DataSourceEventTypes.Enabled:
        return { ...state, status: 'DISCONNECTED' };
      case DataSourceEventTypes.Deleted:
        return { ...state, deleted: true };
      case DataSourceEventTypes.LimitationsChanged:
        return { ...state, limitations: event.data.limitations };
      default:
        return state;
    }
  },
};

/** A collector's limitations become an event only when they differ from the recorded ones. */
export function decideLimitations(state: DataSourceState, reported: readonly string[]): boolean {
  const known = state.limitations ?? [];
  return (
    exists(state) &&
    (known.length !== reported.length || known.some((limitation, index) => limitation !== reported[index]))
  );
}

export function exists(state: DataSourceState): boolean {
  return state.settings !== null && !state.deleted;
}

/** A status report becomes an event only when it changes the status (no flapping duplicates). */
export function decideStatus(state: DataSourceState, reported: 'CONNECTED' | 'DISCONNECTED'): boolean {
  return exists(state) && state.status !== 'DISABLED' && state.status !== reported;
}

export type StatusChange = 'ENABLED' | 'DISABLED';

/** PATCH {status}: disabling from a running state, enabling only a disabled one (docs/api.md §4). */
export function decideStatusChange(state: DataSourceState, requested: StatusChange): 'allowed' | 'forbidden' {
  if (requested === 'DISABLED') return state.status === 'DISABLED' ? 'forbidden' : 'allowed';
  return state.status === 'DISABLED' ? 'allowed' : 'forbidden';
}

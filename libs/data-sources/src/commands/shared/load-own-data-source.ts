import { type EventStore } from '@lorawatch/event-store/event-store.port';
import { loadAggregate, type Loaded } from '@lorawatch/platform/aggregate';
import { dataSourceEvolver, exists, type DataSourceState } from '../../domain/data-source';
import { Forbidden, NotFound } from '@lorawatch/platform/domain-errors';
import { dataSourceStream } from '../../domain/data-source.events';

/**
 * Loads a data source for a command of `organizationId`: NotFound when it does not exist, Forbidden when it is
 * another's.
 */
export async function loadOwnDataSource(
  events: EventStore,
  dataSourceId: number,
  organizationId: number,
): Promise<
  Loaded<DataSourceState> & {
    state: DataSourceState & { settings: NonNullable<DataSourceState['settings']> };
  }
> {
  const loaded = await loadAggregate(events, dataSourceStream(dataSourceId), dataSourceEvolver);
  if (!exists(loaded.state) || loaded.state.settings === null) throw new NotFound();
  if (loaded.state.organizationId !== organizationId) throw new Forbidden();
  return loaded as Loaded<DataSourceState> & {
    state: DataSourceState & { settings: NonNullable<DataSourceState['settings']> };
  };
}

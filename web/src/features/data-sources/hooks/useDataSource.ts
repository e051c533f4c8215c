import { useObservable, useObservableState } from 'observable-hooks';
import { map } from 'rxjs';
import { useServices } from '../../../lib/services-context';
import { createDataSourceDetail$ } from '../streams/data-source-detail';
import { dataSourceUpdates$ } from '../streams/data-sources-list';
import { LOADING, type Loadable } from '../../../lib/loadable';
import type { DataSource } from '../types/data-source';

export function useDataSource(id: number): Loadable<DataSource> {
  const { api, realtime } = useServices();
  const detail$ = useObservable(
    (inputs$) =>
      createDataSourceDetail$(api, inputs$.pipe(map(([current]) => current)), dataSourceUpdates$(realtime)),
    [id],
  );
  return useObservableState(detail$, LOADING as Loadable<DataSource>);
}

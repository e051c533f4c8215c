import { filter, map, merge, scan, switchMap, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import { getDataSource } from '../api/data-sources-api';
import type { DataSource, DataSourceListItem } from '../types/data-source';
import { LOADING, loadable, type Loadable } from '../../../lib/loadable';

/** One data source, kept current by `updated_data_collector` pushes for it (status, settings). */
export function createDataSourceDetail$(
  api: ApiClient,
  id$: Observable<number>,
  updates$: Observable<DataSourceListItem>,
): Observable<Loadable<DataSource>> {
  return id$.pipe(
    switchMap((id) =>
      merge(
        loadable(getDataSource(api, id)).pipe(map((snapshot) => () => snapshot)),
        updates$.pipe(
          filter((update) => update.id === id),
          map(
            (update) =>
              (current: Loadable<DataSource>): Loadable<DataSource> =>
                current.status === 'ready'
                  ? { status: 'ready', data: { ...current.data, ...update } }
                  : current,
          ),
        ),
      ).pipe(scan((state: Loadable<DataSource>, apply) => apply(state), LOADING as Loadable<DataSource>)),
    ),
  );
}

import { useObservable, useObservableState } from 'observable-hooks';
import { filter, startWith, switchMap } from 'rxjs';
import type { Page } from '../../../lib/paging';
import { useServices } from '../../../lib/services-context';
import { usePageState } from '../../../lib/use-page-state';
import { getLog } from '../api/data-sources-api';
import { dataSourceUpdates$ } from '../streams/data-sources-list';
import { LOADING, loadable, type Loadable } from '../../../lib/loadable';
import type { DataSourceLogEvent } from '../types/data-source';

export interface DataSourceLog {
  log: Loadable<Page<DataSourceLogEvent>>;
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
}

export function useDataSourceLog(id: number): DataSourceLog {
  const { api, realtime } = useServices();
  const { page, pageSize, setPage, setPageSize } = usePageState();
  const log$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([current, currentPage, size]) =>
          // A pushed change of this data source (status, settings) adds a log event: read the page again.
          dataSourceUpdates$(realtime).pipe(
            filter((update) => update.id === current),
            startWith(null),
            switchMap(() => loadable(getLog(api, current, currentPage, size))),
          ),
        ),
      ),
    [id, page, pageSize],
  );
  const log = useObservableState(log$, LOADING as Loadable<Page<DataSourceLogEvent>>);
  return {
    log,
    page,
    pageSize,
    setPage,
    setPageSize,
  };
}

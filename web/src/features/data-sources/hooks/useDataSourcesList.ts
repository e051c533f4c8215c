import { useObservable, useObservableCallback, useObservableState } from 'observable-hooks';
import { firstValueFrom, map } from 'rxjs';
import { pageCount } from '../../../lib/paging';
import { useServices } from '../../../lib/services-context';
import { usePageState } from '../../../lib/use-page-state';
import { changeStatus, deleteDataSource } from '../api/data-sources-api';
import {
  INITIAL_LIST,
  createDataSourcesList$,
  dataSourceUpdates$,
  type DataSourcesListState,
} from '../streams/data-sources-list';
import type { DataSourceListItem } from '../types/data-source';

export interface DataSourcesList extends DataSourcesListState {
  page: number;
  pageSize: number;
  pageCount: number;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  /** DISABLED → ENABLED, anything else → DISABLED (docs/console.md §4); resolves once the server accepted it. */
  toggleStatus: (source: DataSourceListItem) => Promise<void>;
  remove: (source: DataSourceListItem) => Promise<void>;
}

export function useDataSourcesList(): DataSourcesList {
  const { api, realtime } = useServices();
  const { page, pageSize, setPage, setPageSize } = usePageState();
  const [reload, reload$] = useObservableCallback<void>();

  const state$ = useObservable(
    (inputs$) =>
      createDataSourcesList$({
        api,
        query$: inputs$.pipe(map(([currentPage, size]) => ({ page: currentPage, size }))),
        reload$,
        updates$: dataSourceUpdates$(realtime),
      }),
    [page, pageSize],
  );
  const state = useObservableState(state$, INITIAL_LIST);

  return {
    ...state,
    page,
    pageSize,
    pageCount: pageCount(state.total, pageSize),
    setPage,
    setPageSize,
    toggleStatus: async (source) => {
      await firstValueFrom(
        changeStatus(api, source.id, source.status === 'DISABLED' ? 'ENABLED' : 'DISABLED'),
      );
      reload();
    },
    remove: async (source) => {
      await firstValueFrom(deleteDataSource(api, source.id));
      reload();
    },
  };
}

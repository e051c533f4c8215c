import { useObservable, useObservableCallback, useObservableState } from 'observable-hooks';
import { useState } from 'react';
import { firstValueFrom, map } from 'rxjs';
import { DEFAULT_PAGE_SIZE } from '../../../lib/paging';
import { useServices } from '../../../lib/services-context';
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
  /** DISABLED → ENABLED, anything else → DISABLED (spec §4); resolves once the server accepted it. */
  toggleStatus: (source: DataSourceListItem) => Promise<void>;
  remove: (source: DataSourceListItem) => Promise<void>;
}

export function useDataSourcesList(): DataSourcesList {
  const { api, realtime } = useServices();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSizeState] = useState(DEFAULT_PAGE_SIZE);
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
    pageCount: Math.max(1, Math.ceil(state.total / pageSize)),
    setPage,
    setPageSize: (size) => {
      setPageSizeState(size);
      setPage(0);
    },
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

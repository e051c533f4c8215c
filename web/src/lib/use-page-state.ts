import { useCallback, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from './paging';

/** The page on screen (0-based) and the page size of a server-paged list. */
export interface PageState {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  /** A new size goes back to the first page: the old page number would point elsewhere. */
  setPageSize: (size: number) => void;
}

export function usePageState(initialPageSize: number = DEFAULT_PAGE_SIZE): PageState {
  const [page, setPage] = useState(0);
  const [pageSize, setSize] = useState(initialPageSize);
  const setPageSize = useCallback((size: number) => {
    setSize(size);
    setPage(0);
  }, []);
  return { page, pageSize, setPage, setPageSize };
}

import { useObservable, useObservableCallback, useObservableState } from 'observable-hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { filter, map, merge, share } from 'rxjs';
import { adjacentPosition, type ListPosition } from '../../../components/alert-dialog/navigation';
import { DEFAULT_PAGE_SIZE, pageCount, toggleSort, type Sort } from '../../../lib/paging';
import type { Risk } from '../../../lib/levels';
import { useServices } from '../../../lib/services-context';
import { listViewCodec, useUrlListState } from '../../../lib/use-url-state';
import { createIssueCharts$, INITIAL_ISSUE_CHARTS, type IssueChartsState } from '../streams/issue-charts';
import { createIssuesPage$, INITIAL_ISSUES_PAGE, type IssuesPageStatus } from '../streams/issues-page';
import { issuesChanged$ } from '../streams/live-refresh';
import {
  DEFAULT_ISSUES_SORT,
  NO_FILTERS,
  hasFilters,
  type Issue,
  type IssueFilters,
  type IssuesQuery,
  type NamedFilter,
} from '../types/issues';

export interface IssueSelection {
  position: ListPosition;
  /** Null while the page holding it loads, or when the list no longer reaches that far. */
  issue: Issue | null;
  loading: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
}

export interface CurrentIssues {
  status: IssuesPageStatus;
  issues: readonly Issue[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  sort: Sort | null;
  filters: IssueFilters;
  filtered: boolean;
  charts: IssueChartsState;
  selection: IssueSelection | null;
  setPage(page: number): void;
  setPageSize(size: number): void;
  sortBy(field: string): void;
  clearSort(): void;
  toggleRisk(risk: Risk): void;
  toggleAlertType(id: string): void;
  toggleDataSource(id: string): void;
  setFilters(filters: IssueFilters): void;
  open(row: number): void;
  move(direction: 'previous' | 'next'): void;
  close(): void;
  /** Re-reads the table and the charts (after a removal). */
  refresh(): void;
}

function toggleNamed(list: readonly NamedFilter[], entry: NamedFilter): NamedFilter[] {
  return list.some((item) => item.id === entry.id)
    ? list.filter((item) => item.id !== entry.id)
    : [...list, entry];
}

/** Filters, sort, page and size of Current Issues in the address bar. */
const ISSUES_URL_CODEC = listViewCodec<IssueFilters>({
  filters: NO_FILTERS,
  sort: DEFAULT_ISSUES_SORT,
  page: 0,
  pageSize: DEFAULT_PAGE_SIZE,
});

/** Wires Current Issues' streams to its UI state; the components only render what this returns. */
export function useCurrentIssues(): CurrentIssues {
  const { api, realtime } = useServices();
  // Kept in the URL: a reload or a shared link opens the same view.
  const {
    page,
    pageSize,
    sort,
    filters,
    setPage: setPageState,
    setPageSize,
    setSort,
    setFilters: setFiltersState,
  } = useUrlListState(ISSUES_URL_CODEC);
  const [position, setPosition] = useState<ListPosition | null>(null);
  const [refresh, manualRefresh$] = useObservableCallback<void>();

  // While the dialog is open the rows under it stay put: live refreshes would shift what previous/next mean.
  const dialogOpen = useRef(false);
  useEffect(() => {
    dialogOpen.current = position !== null;
  }, [position]);

  const query = useMemo<IssuesQuery>(
    () => ({ page, size: pageSize, sort, filters }),
    [page, pageSize, sort, filters],
  );

  const changed$ = useObservable(() => issuesChanged$(realtime).pipe(share()));

  const page$ = useObservable(
    (inputs$) =>
      createIssuesPage$({
        api,
        query$: inputs$.pipe(map(([current]) => current)),
        refresh$: merge(manualRefresh$, changed$.pipe(filter(() => !dialogOpen.current))),
      }),
    [query],
  );
  const charts$ = useObservable(
    (inputs$) =>
      createIssueCharts$({
        api,
        filters$: inputs$.pipe(map(([current]) => current)),
        refresh$: merge(manualRefresh$, changed$),
      }),
    [filters],
  );

  const state = useObservableState(page$, INITIAL_ISSUES_PAGE);
  const charts = useObservableState(charts$, INITIAL_ISSUE_CHARTS);

  // Any filter or sort change returns to the first page (docs/console.md §4).
  const setFilters = (next: IssueFilters) => {
    setFiltersState(next);
    setPageState(0);
  };

  const pageLoaded = state.status !== 'loading' && state.query === query;
  let selection: IssueSelection | null = null;
  if (position) {
    const onThisPage = pageLoaded && position.page === page;
    const issue = onThisPage ? (state.issues[position.row] ?? null) : null;
    selection = {
      position,
      issue,
      loading: !onThisPage,
      hasPrevious: adjacentPosition(position, 'previous', pageSize, state.total) !== null,
      hasNext: adjacentPosition(position, 'next', pageSize, state.total) !== null,
    };
  }

  const named = (data: IssueChartsState['byType']['data'], id: string): NamedFilter => ({
    id: Number(id),
    name: data.find((datum) => datum.id === id)?.label ?? id,
  });

  return {
    status: state.status,
    issues: state.issues,
    total: state.total,
    page,
    pageSize,
    pageCount: pageCount(state.total, pageSize),
    sort,
    filters,
    filtered: hasFilters(filters),
    charts,
    selection,
    setPage: setPageState,
    setPageSize,
    sortBy(field) {
      setSort(toggleSort(sort, field));
      setPageState(0);
    },
    clearSort() {
      setSort(null);
      setPageState(0);
    },
    toggleRisk(risk) {
      const risks = filters.risks.includes(risk)
        ? filters.risks.filter((item) => item !== risk)
        : [...filters.risks, risk];
      setFilters({ ...filters, risks });
    },
    toggleAlertType(id) {
      setFilters({ ...filters, alertTypes: toggleNamed(filters.alertTypes, named(charts.byType.data, id)) });
    },
    toggleDataSource(id) {
      setFilters({
        ...filters,
        dataSources: toggleNamed(filters.dataSources, named(charts.bySource.data, id)),
      });
    },
    setFilters,
    open(row) {
      setPosition({ page, row });
    },
    move(direction) {
      if (!position) return;
      const target = adjacentPosition(position, direction, pageSize, state.total);
      if (!target) return;
      setPosition(target);
      if (target.page !== page) setPageState(target.page);
    },
    close() {
      setPosition(null);
    },
    refresh,
  };
}

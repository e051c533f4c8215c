import { quickRange, type DateRange, type QuickRange } from '../../../lib/date-range';
import type { Risk } from '../../../lib/levels';
import { DEFAULT_PAGE_SIZE, toggleSort, type Sort } from '../../../lib/paging';
import { DEFAULT_ALERTS_ORDER, type AlertFilters, type AlertsQuery } from './alerts-query';

/** The resolved/unresolved filter: at most one of the two, `null` for both (docs/console.md §4). */
export type StatusFilter = 'resolved' | 'unresolved' | null;

/** What the user chose on the Alerts review: the filters behind the charts, the table and the total. */
export interface ReviewFilters {
  range: DateRange;
  /** The quick range the range came from; its end then follows the clock, so live alerts still belong. */
  quick: QuickRange | null;
  types: readonly string[];
  risks: readonly Risk[];
  dataCollectorIds: readonly number[];
  status: StatusFilter;
  /** The search box: a DevEUI, DevAddr or gateway EUI, or part of a device or gateway name ('' for none). */
  search: string;
}

export interface ReviewView {
  filters: ReviewFilters;
  sort: Sort;
  /** 0-based. */
  page: number;
  pageSize: number;
  /** Bumped by Reload now so that the same query loads again. */
  generation: number;
}

export const DEFAULT_SORT: Sort = { field: DEFAULT_ALERTS_ORDER[0], direction: DEFAULT_ALERTS_ORDER[1] };

/** Default: the last day, unresolved alerts, newest first, 50 a page (docs/console.md §4, §9). */
export function initialReviewView(now: Date = new Date()): ReviewView {
  return {
    filters: {
      range: quickRange('DAY', now),
      quick: 'DAY',
      types: [],
      risks: [],
      dataCollectorIds: [],
      status: 'unresolved',
      search: '',
    },
    sort: DEFAULT_SORT,
    page: 0,
    pageSize: DEFAULT_PAGE_SIZE,
    generation: 0,
  };
}

export type ReviewAction =
  | { type: 'quick-range'; range: QuickRange; now: Date }
  | { type: 'range'; range: DateRange }
  | { type: 'toggle-type'; code: string }
  | { type: 'toggle-risk'; risk: Risk }
  | { type: 'toggle-data-collector'; id: number }
  | { type: 'toggle-status'; status: 'resolved' | 'unresolved' }
  | { type: 'search'; text: string }
  | { type: 'clear-filters' }
  | { type: 'sort'; field: string }
  | { type: 'clear-sort' }
  | { type: 'page'; page: number }
  | { type: 'page-size'; size: number }
  | { type: 'reload'; now: Date };

function toggled<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((existing) => existing !== value) : [...values, value];
}

/**
 * A new range keeps no type, risk or data source filter and shows unresolved alerts (docs/console.md §4); the
 * search text, typed apart from the filters, stays.
 */
function withRange(range: DateRange, quick: QuickRange | null, search: string): ReviewFilters {
  return { range, quick, types: [], risks: [], dataCollectorIds: [], status: 'unresolved', search };
}

/** Every filter or sort change returns to the first page. */
function filtered(view: ReviewView, filters: ReviewFilters): ReviewView {
  return { ...view, filters, page: 0 };
}

export function reduceReviewView(view: ReviewView, action: ReviewAction): ReviewView {
  const { filters } = view;
  switch (action.type) {
    case 'quick-range':
      return filtered(view, withRange(quickRange(action.range, action.now), action.range, filters.search));
    case 'range':
      return filtered(view, withRange(action.range, null, filters.search));
    case 'toggle-type':
      return filtered(view, { ...filters, types: toggled(filters.types, action.code) });
    case 'toggle-risk':
      return filtered(view, { ...filters, risks: toggled(filters.risks, action.risk) });
    case 'toggle-data-collector':
      return filtered(view, { ...filters, dataCollectorIds: toggled(filters.dataCollectorIds, action.id) });
    case 'toggle-status':
      return filtered(view, { ...filters, status: filters.status === action.status ? null : action.status });
    case 'search':
      return action.text === filters.search ? view : filtered(view, { ...filters, search: action.text });
    case 'clear-filters':
      return filtered(view, { ...filters, types: [], risks: [], dataCollectorIds: [], status: null });
    case 'sort':
      return { ...view, sort: toggleSort(view.sort, action.field), page: 0 };
    case 'clear-sort':
      return { ...view, sort: DEFAULT_SORT, page: 0 };
    case 'page':
      return { ...view, page: action.page };
    case 'page-size':
      return { ...view, pageSize: action.size, page: 0 };
    case 'reload': {
      // A quick range rolls forward to now, so what arrived since it was picked is inside it.
      const range = filters.quick ? quickRange(filters.quick, action.now) : filters.range;
      return { ...view, filters: { ...filters, range }, page: 0, generation: view.generation + 1 };
    }
  }
}

/**
 * The API filters of a view. A quick range sends no upper bound: "the last day" includes what arrives while
 * the page is open.
 */
export function alertFiltersOf(filters: ReviewFilters): AlertFilters {
  return {
    types: filters.types.length ? filters.types : undefined,
    risks: filters.risks.length ? filters.risks : undefined,
    dataCollectorIds: filters.dataCollectorIds.length ? filters.dataCollectorIds : undefined,
    resolved: filters.status === null ? undefined : filters.status === 'resolved',
    createdFrom: filters.range.from.toISOString(),
    createdTo: filters.quick ? undefined : filters.range.to.toISOString(),
    search: filters.search.trim() === '' ? undefined : filters.search.trim(),
  };
}

export function alertsQueryOf(view: ReviewView): AlertsQuery {
  return {
    page: view.page,
    size: view.pageSize,
    orderBy: [view.sort.field, view.sort.direction],
    filters: alertFiltersOf(view.filters),
  };
}

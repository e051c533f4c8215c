import { quickRange, type DateRange, type QuickRange } from '../../../lib/date-range';
import { RISKS, type Risk } from '../../../lib/levels';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../../../lib/paging';
import type { QueryParams } from '../../../lib/query-string';
import { readChoice, readDate, readInt, readList, type UrlCodec } from '../../../lib/use-url-state';

/** Resolved or unresolved events only, or both (`null`). */
export type EventsStatus = 'resolved' | 'unresolved' | null;

/** What the user chose on the events log: the range, the filters and the search box. */
export interface EventsFilters {
  range: DateRange;
  /** The quick range the range came from; its end then follows the clock, so live events still belong. */
  quick: QuickRange | null;
  /** Alert type codes. */
  types: readonly string[];
  risks: readonly Risk[];
  status: EventsStatus;
  /** A DevEUI, DevAddr or gateway EUI, or part of a device or gateway name ('' for none). */
  search: string;
}

export interface EventsView {
  filters: EventsFilters;
  /** 0-based. */
  page: number;
  pageSize: number;
}

/** Default: the last day, every type, risk and state, 50 a page. */
export function initialEventsView(now: Date = new Date()): EventsView {
  return {
    filters: {
      range: quickRange('DAY', now),
      quick: 'DAY',
      types: [],
      risks: [],
      status: null,
      search: '',
    },
    page: 0,
    pageSize: DEFAULT_PAGE_SIZE,
  };
}

export type EventsAction =
  | { type: 'quick-range'; range: QuickRange; now: Date }
  | { type: 'range'; range: DateRange }
  | { type: 'types'; codes: readonly string[] }
  | { type: 'toggle-risk'; risk: Risk }
  | { type: 'toggle-status'; status: 'resolved' | 'unresolved' }
  | { type: 'search'; text: string }
  | { type: 'clear-filters'; now: Date }
  | { type: 'page'; page: number }
  | { type: 'page-size'; size: number };

function toggled<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((existing) => existing !== value) : [...values, value];
}

/** Every filter change returns to the first page. */
function filtered(view: EventsView, filters: EventsFilters): EventsView {
  return { ...view, filters, page: 0 };
}

export function reduceEventsView(view: EventsView, action: EventsAction): EventsView {
  const { filters } = view;
  switch (action.type) {
    case 'quick-range':
      return filtered(view, { ...filters, range: quickRange(action.range, action.now), quick: action.range });
    case 'range':
      return filtered(view, { ...filters, range: action.range, quick: null });
    case 'types':
      return filtered(view, { ...filters, types: [...action.codes] });
    case 'toggle-risk':
      return filtered(view, { ...filters, risks: toggled(filters.risks, action.risk) });
    case 'toggle-status':
      return filtered(view, { ...filters, status: filters.status === action.status ? null : action.status });
    case 'search':
      return action.text === filters.search ? view : filtered(view, { ...filters, search: action.text });
    case 'clear-filters':
      return filtered(view, initialEventsView(action.now).filters);
    case 'page':
      return { ...view, page: action.page };
    case 'page-size':
      return { ...view, pageSize: action.size, page: 0 };
  }
}

/** Whether anything narrows the log beyond the default last day. */
export function hasEventFilters(filters: EventsFilters): boolean {
  return (
    filters.quick !== 'DAY' ||
    filters.types.length > 0 ||
    filters.risks.length > 0 ||
    filters.status !== null ||
    filters.search.trim() !== ''
  );
}

/**
 * The alerts API's filters of a view (docs/api.md §6), as the list, its count and the export take them. A quick
 * range sends no upper bound: "the last day" includes what arrives while the page is open.
 */
export function eventsFilterParams(filters: EventsFilters): QueryParams {
  const search = filters.search.trim();
  return {
    type: filters.types.length ? filters.types : undefined,
    risk: filters.risks.length ? filters.risks : undefined,
    resolved: filters.status === null ? undefined : filters.status === 'resolved',
    'created_at[gte]': filters.range.from.toISOString(),
    'created_at[lte]': filters.quick ? undefined : filters.range.to.toISOString(),
    search: search === '' ? undefined : search,
  };
}

const QUICK_RANGES: readonly QuickRange[] = ['DAY', 'WEEK', 'MONTH'];
const STATUSES = ['resolved', 'unresolved', 'all'] as const;

/**
 * The events log in the address bar: `range` (DAY, WEEK, MONTH: relative to now, so a shared link shows the last
 * day when it is opened) or `from` / `to`, `type` and `risk` (repeated), `status`, `q`, `page` (1-based, as the
 * pager shows it) and `size`. Defaults are left out; a `from` not before `to` is ignored.
 */
export const EVENTS_URL_CODEC: UrlCodec<EventsView> = {
  keys: ['range', 'from', 'to', 'type', 'risk', 'status', 'q', 'page', 'size'],
  parse(params) {
    const now = new Date();
    const initial = initialEventsView(now);
    const from = readDate(params, 'from');
    const to = readDate(params, 'to');
    const custom = from !== null && to !== null && from.getTime() < to.getTime();
    const quick = readChoice(params, 'range', QUICK_RANGES, 'DAY');
    const status = readChoice(params, 'status', STATUSES, 'all');
    const size = readInt(params, 'size', initial.pageSize, 1);
    return {
      filters: {
        range: custom ? { from, to } : quickRange(quick, now),
        quick: custom ? null : quick,
        types: readList(params, 'type').filter((code) => /^LAF-\d{3}$/.test(code)),
        risks: readList(params, 'risk').filter((risk): risk is Risk =>
          (RISKS as readonly string[]).includes(risk),
        ),
        status: status === 'all' ? null : status,
        search: params.get('q') ?? '',
      },
      page: Math.max(0, readInt(params, 'page', 1, 1) - 1),
      pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : initial.pageSize,
    };
  },
  format({ filters, page, pageSize }) {
    return {
      range: filters.quick !== null && filters.quick !== 'DAY' ? filters.quick : undefined,
      from: filters.quick === null ? filters.range.from.toISOString() : undefined,
      to: filters.quick === null ? filters.range.to.toISOString() : undefined,
      type: filters.types.length ? filters.types : undefined,
      risk: filters.risks.length ? filters.risks : undefined,
      status: filters.status ?? undefined,
      q: filters.search === '' ? undefined : filters.search,
      page: page === 0 ? undefined : String(page + 1),
      size: pageSize === DEFAULT_PAGE_SIZE ? undefined : String(pageSize),
    };
  },
};

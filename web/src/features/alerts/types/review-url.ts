import { quickRange, type QuickRange } from '../../../lib/date-range';
import { RISKS, type Risk } from '../../../lib/levels';
import { PAGE_SIZE_OPTIONS } from '../../../lib/paging';
import {
  readChoice,
  readDate,
  readInt,
  readIntList,
  readList,
  type UrlCodec,
} from '../../../lib/use-url-state';
import { DEFAULT_SORT, initialReviewView, type ReviewView, type StatusFilter } from './review-view';

const QUICK_RANGES: readonly QuickRange[] = ['DAY', 'WEEK', 'MONTH'];
const STATUSES = ['unresolved', 'resolved', 'all'] as const;
const DIRECTIONS = ['ASC', 'DESC'] as const;
const SORT_FIELDS = ['created_at', 'type_name', 'device_id', 'data_collector_id'];

/**
 * The Alerts review in the address bar: `range` (DAY, WEEK, MONTH: relative to now, so a shared link shows the
 * last day when it is opened) or `from` / `to`, `type`, `risk`, `source` (repeated), `status`, `q`, `sort` and
 * `dir`, `page` (1-based, as the pager shows it) and `size`. Defaults are left out.
 */
export const REVIEW_URL_CODEC: UrlCodec<ReviewView> = {
  keys: ['range', 'from', 'to', 'type', 'risk', 'source', 'status', 'q', 'sort', 'dir', 'page', 'size'],
  parse(params) {
    const now = new Date();
    const initial = initialReviewView(now);
    const from = readDate(params, 'from');
    const to = readDate(params, 'to');
    const custom = from !== null && to !== null && from.getTime() < to.getTime();
    const quick = readChoice(params, 'range', QUICK_RANGES, 'DAY');
    const status = readChoice(params, 'status', STATUSES, 'unresolved');
    const sortField = params.get('sort');
    const size = readInt(params, 'size', initial.pageSize, 1);
    return {
      ...initial,
      filters: {
        range: custom ? { from, to } : quickRange(quick, now),
        quick: custom ? null : quick,
        types: readList(params, 'type').filter((code) => /^LAF-\d{3}$/.test(code)),
        risks: readList(params, 'risk').filter((risk): risk is Risk =>
          (RISKS as readonly string[]).includes(risk),
        ),
        dataCollectorIds: readIntList(params, 'source'),
        status: (status === 'all' ? null : status) satisfies StatusFilter,
        search: params.get('q') ?? '',
      },
      sort:
        sortField !== null && SORT_FIELDS.includes(sortField)
          ? { field: sortField, direction: readChoice(params, 'dir', DIRECTIONS, 'DESC') }
          : DEFAULT_SORT,
      page: Math.max(0, readInt(params, 'page', 1, 1) - 1),
      pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : initial.pageSize,
    };
  },
  format(view) {
    const { filters, sort } = view;
    const isDefaultSort = sort.field === DEFAULT_SORT.field && sort.direction === DEFAULT_SORT.direction;
    return {
      range: filters.quick !== null && filters.quick !== 'DAY' ? filters.quick : undefined,
      from: filters.quick === null ? filters.range.from.toISOString() : undefined,
      to: filters.quick === null ? filters.range.to.toISOString() : undefined,
      type: filters.types.length ? filters.types : undefined,
      risk: filters.risks.length ? filters.risks : undefined,
      source: filters.dataCollectorIds.length ? filters.dataCollectorIds.map(String) : undefined,
      status: filters.status === 'unresolved' ? undefined : (filters.status ?? 'all'),
      q: filters.search === '' ? undefined : filters.search,
      sort: isDefaultSort ? undefined : sort.field,
      dir: isDefaultSort ? undefined : sort.direction,
      page: view.page === 0 ? undefined : String(view.page + 1),
      size: view.pageSize === initialReviewView().pageSize ? undefined : String(view.pageSize),
    };
  },
};

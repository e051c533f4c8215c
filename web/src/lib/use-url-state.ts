import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A URL parameter's value: one text, several (a repeated key), or absent. */
export type UrlValue = string | readonly string[] | undefined;

/**
 * How a screen's view (filters, sort, page, date range) is read from and written to the address bar. `keys` are
 * the parameters the screen owns: others in the URL (set by other controls) are left as they are.
 */
export interface UrlCodec<T> {
  keys: readonly string[];
  /** The view a URL describes; parameters absent or unreadable take their default. */
  parse: (params: URLSearchParams) => T;
  /** The parameters of a view; a default value is best left out, so that plain links stay short. */
  format: (value: T) => Readonly<Record<string, UrlValue>>;
}

/** The URL's parameters with the codec's keys replaced by the view's. */
export function withView<T>(params: URLSearchParams, codec: UrlCodec<T>, value: T): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of codec.keys) next.delete(key);
  for (const [key, entry] of Object.entries(codec.format(value))) {
    if (entry === undefined) continue;
    if (typeof entry === 'string') next.set(key, entry);
    else for (const item of entry) next.append(key, item);
  }
  return next;
}

/** The codec's part of the URL, as comparable text. */
function ownedPart<T>(params: URLSearchParams, codec: UrlCodec<T>): string {
  return codec.keys
    .flatMap((key) => params.getAll(key).map((value) => `${key}=${value}`))
    .sort()
    .join('&');
}

type Replace<S> = { type: '@url'; state: S };

/**
 * `useReducer` whose state lives in the URL too: the first state is read from the address bar, every change is
 * written back (replacing the history entry, so Back leaves the screen rather than undoing a filter), and a URL
 * changed from outside (a link to the same screen, Back / Forward) sets the state it describes. A reload or a
 * copied link therefore opens the same view.
 */
export function useUrlReducer<S, A>(
  reducer: (state: S, action: A) => S,
  codec: UrlCodec<S>,
): [S, (action: A) => void] {
  const [params, setParams] = useSearchParams();
  const codecRef = useRef(codec);
  const wrapped = useCallback(
    (state: S, action: A | Replace<S>): S =>
      typeof action === 'object' && action !== null && (action as Replace<S>).type === '@url'
        ? (action as Replace<S>).state
        : reducer(state, action as A),
    [reducer],
  );
  const [state, dispatch] = useReducer(wrapped, params, (initial) => codec.parse(initial));
  const urlPart = ownedPart(params, codec);
  // The owned part this hook last saw in the URL, and the parts it wrote that the URL has not shown yet. The router
  // applies a write later (navigations are transitions), so a change of state may come first: the URL then still
  // shows an older part, which is not a navigation from outside.
  const seen = useRef(urlPart);
  const pending = useRef<string[]>([]);

  useEffect(() => {
    if (urlPart !== seen.current) {
      seen.current = urlPart;
      const at = pending.current.indexOf(urlPart);
      if (at >= 0) {
        // One of this hook's own writes arriving.
        pending.current = pending.current.slice(at + 1);
      } else {
        // Navigation to another view of this screen (a link, Back / Forward).
        pending.current = [];
        const described = codecRef.current.parse(params);
        if (ownedPart(withView(params, codecRef.current, state), codecRef.current) !== urlPart) {
          dispatch({ type: '@url', state: described });
          return;
        }
      }
    }
    const wanted = withView(params, codecRef.current, state);
    const part = ownedPart(wanted, codecRef.current);
    const latest = pending.current.length > 0 ? pending.current[pending.current.length - 1] : urlPart;
    if (part !== latest) {
      pending.current.push(part);
      setParams(wanted, { replace: true });
    }
    // `params` changes with `urlPart`; the state is what decides a write.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, urlPart]);

  return [state, dispatch as (action: A) => void];
}

/** A plain value kept in the URL (see `useUrlReducer`): `set` takes the new value or an update of the last one. */
export function useUrlState<T>(codec: UrlCodec<T>): [T, (update: T | ((previous: T) => T)) => void] {
  const [value, dispatch] = useUrlReducer<T, T | ((previous: T) => T)>(
    (previous, update) => (typeof update === 'function' ? (update as (p: T) => T)(previous) : update),
    codec,
  );
  return [value, dispatch];
}

/* Readers for codecs: each answers its default when the parameter is absent or not of its kind. */

export function readInt(params: URLSearchParams, key: string, fallback: number, min = 0): number {
  const raw = params.get(key);
  if (raw === null || !/^\d+$/.test(raw)) return fallback;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= min ? value : fallback;
}

export function readDate(params: URLSearchParams, key: string): Date | null {
  const raw = params.get(key);
  if (raw === null) return null;
  const time = Date.parse(raw);
  return Number.isFinite(time) ? new Date(time) : null;
}

export function readChoice<C extends string>(
  params: URLSearchParams,
  key: string,
  choices: readonly C[],
  fallback: C,
): C {
  const raw = params.get(key);
  return raw !== null && (choices as readonly string[]).includes(raw) ? (raw as C) : fallback;
}

export function readList(params: URLSearchParams, key: string): string[] {
  return params.getAll(key).filter((value) => value !== '');
}

export function readIntList(params: URLSearchParams, key: string): number[] {
  return readList(params, key)
    .filter((value) => /^\d+$/.test(value))
    .map(Number);
}

/* A server-paged list's view in the URL: filters, sort, page and page size. */

export interface ListSort {
  field: string;
  direction: 'ASC' | 'DESC';
}

export interface ListView<F> {
  filters: F;
  sort: ListSort | null;
  /** 0-based. */
  page: number;
  pageSize: number;
}

/**
 * Whether `value` has the shape of `template`: the same keys holding the same kinds of values (lists, texts,
 * numbers, flags, objects, checked one level at a time). A `null` in the template also admits an object or text.
 */
export function sameShape(template: unknown, value: unknown): boolean {
  if (template === null) return value === null || typeof value === 'string' || typeof value === 'object';
  if (Array.isArray(template)) return Array.isArray(value);
  if (typeof template === 'object') {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    return Object.entries(template as Record<string, unknown>).every(
      ([key, entry]) => key in record && sameShape(entry, record[key]),
    );
  }
  return typeof template === typeof value;
}

/**
 * The codec of a list view: `f` holds the filters (JSON, as they may carry the chips' labels), `sort` and `dir`
 * the order (`dir=none` for no order), `page` (1-based, as the pager shows it) and `size`. Defaults are left out;
 * filters of another shape (an old link) are ignored.
 */
export function listViewCodec<F>(
  defaults: ListView<F>,
  sortFields?: readonly string[],
): UrlCodec<ListView<F>> {
  const sortKey = (sort: ListSort | null) => (sort ? `${sort.field} ${sort.direction}` : 'none');
  return {
    keys: ['f', 'sort', 'dir', 'page', 'size'],
    parse(params) {
      let filters = defaults.filters;
      const raw = params.get('f');
      if (raw !== null) {
        try {
          const parsed: unknown = JSON.parse(raw);
          if (sameShape(defaults.filters, parsed)) filters = parsed as F;
        } catch {
          // Not JSON: the default filters.
        }
      }
      const field = params.get('sort');
      const dir = params.get('dir');
      let sort = defaults.sort;
      if (dir === 'none') sort = null;
      else if (field !== null && (sortFields === undefined || sortFields.includes(field)))
        sort = { field, direction: dir === 'ASC' ? 'ASC' : 'DESC' };
      return {
        filters,
        sort,
        page: Math.max(0, readInt(params, 'page', 1, 1) - 1),
        pageSize: readInt(params, 'size', defaults.pageSize, 1),
      };
    },
    format(view) {
      const filters = JSON.stringify(view.filters);
      const sortChanged = sortKey(view.sort) !== sortKey(defaults.sort);
      return {
        f: filters === JSON.stringify(defaults.filters) ? undefined : filters,
        sort: sortChanged && view.sort ? view.sort.field : undefined,
        dir: sortChanged ? (view.sort ? view.sort.direction : 'none') : undefined,
        page: view.page === 0 ? undefined : String(view.page + 1),
        size: view.pageSize === defaults.pageSize ? undefined : String(view.pageSize),
      };
    },
  };
}

export interface UrlListState<F> extends ListView<F> {
  /** New filters go back to the first page. */
  setFilters: (update: F | ((previous: F) => F)) => void;
  setSort: (update: ListSort | null | ((previous: ListSort | null) => ListSort | null)) => void;
  setPage: (page: number) => void;
  /** A new size goes back to the first page. */
  setPageSize: (size: number) => void;
}

/** Filters, sort, page and page size of a list screen, kept in the URL (see `useUrlReducer`). */
export function useUrlListState<F>(codec: UrlCodec<ListView<F>>): UrlListState<F> {
  const [view, setView] = useUrlState(codec);
  // Stable setters (the reducer's dispatch is), so that callbacks and effects built on them stay put.
  const setters = useMemo(
    () => ({
      setFilters: (update: F | ((previous: F) => F)) =>
        setView((previous) => ({
          ...previous,
          page: 0,
          filters: typeof update === 'function' ? (update as (p: F) => F)(previous.filters) : update,
        })),
      setSort: (update: ListSort | null | ((previous: ListSort | null) => ListSort | null)) =>
        setView((previous) => ({
          ...previous,
          sort: typeof update === 'function' ? update(previous.sort) : update,
        })),
      setPage: (page: number) => setView((previous) => ({ ...previous, page })),
      setPageSize: (pageSize: number) => setView((previous) => ({ ...previous, pageSize, page: 0 })),
    }),
    [setView],
  );
  return { ...view, ...setters };
}

import { IsOptional, IsString } from 'class-validator';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { Invalid } from '@lorawatch/platform/domain-errors';

/**
 * Query pieces shared by the read endpoints of alerts, dashboard counters and data sources: date bounds and the
 * `data_collector[]` access rule (docs/api.md §1.5, §6).
 */

/** `name[gte]` / `name[lte]` as sent; parsed by `timeWindow` so that a bad value gets the spec's own message. */
export class RawRange {
  @IsOptional()
  @IsString()
  gte?: string;

  @IsOptional()
  @IsString()
  lte?: string;
}

/** Inclusive bounds as ISO-8601 UTC strings, comparable with the stored timestamps as text. */
export interface TimeWindow {
  gte?: string;
  lte?: string;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?)(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const DAY_MS = 86_400_000;

/**
 * The forms dateutil accepted in the original: `YYYY-MM-DD`, and date-times with `T` or a space, with or without
 * an offset. A time without offset is UTC (the original's database session ran in UTC). A bare date as an upper
 * bound means the whole day, so `lte=<today>` includes today's traffic.
 */
export function parseInstant(text: string, bound: 'gte' | 'lte'): Date | null {
  const value = text.trim();
  if (DATE_ONLY.test(value)) {
    const start = Date.parse(`${value}T00:00:00.000Z`);
    if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== value) return null;
    return new Date(bound === 'lte' ? start + DAY_MS - 1 : start);
  }
  const match = DATE_TIME.exec(value);
  if (!match) return null;
  const [, day, time, zone] = match;
  const offset = zone === undefined || zone.toUpperCase() === 'Z' ? 'Z' : normaliseOffset(zone);
  const parsed = Date.parse(`${day}T${time.replace(',', '.')}${offset}`);
  if (Number.isNaN(parsed) || !validCalendarDay(day)) return null;
  return new Date(parsed);
}

function normaliseOffset(zone: string): string {
  const digits = zone.slice(1).replace(':', '');
  return `${zone[0]}${digits.slice(0, 2)}:${(digits.slice(2) || '00').padEnd(2, '0')}`;
}

function validCalendarDay(day: string): boolean {
  return new Date(`${day}T00:00:00.000Z`).toISOString().slice(0, 10) === day;
}

/**
 * Turns `<name>[gte|lte]` into a window; 400 `no valid <name>[gte] value` for a date that does not parse and
 * `since value must be before to until value` for an upper bound before the lower one (docs/api.md §1.5).
 */
export function timeWindow(range: RawRange | undefined, name: string): TimeWindow {
  return boundedWindow(range?.gte, range?.lte, `${name}[gte]`, `${name}[lte]`);
}

/** The same for the plain `from` / `to` pair of alert_types/count and data_collectors?include_count. */
export function boundedWindow(
  from: string | undefined,
  to: string | undefined,
  fromName: string,
  toName: string,
): TimeWindow {
  const window: TimeWindow = {};
  if (from !== undefined) {
    const at = parseInstant(from, 'gte');
    if (!at) throw new Invalid(`no valid ${fromName} value`);
    window.gte = at.toISOString();
  }
  if (to !== undefined) {
    const at = parseInstant(to, 'lte');
    if (!at) throw new Invalid(`no valid ${toName} value`);
    window.lte = at.toISOString();
  }
  if (window.gte !== undefined && window.lte !== undefined && window.gte > window.lte) {
    throw new Invalid('since value must be before to until value');
  }
  return window;
}

export const NO_ACCESS_TO_DATA_SOURCES =
  'The user does not have access to all the data collectors in the filter.';

/**
 * A caller may filter only by data sources of its own organization that still exist; anything else is the
 * spec's 400 (the original answered 500 on the counter endpoints), so ids of other organizations leak nothing.
 */
export async function checkDataSourceAccess(
  store: ReadStore,
  organizationId: number,
  requested: number[] | undefined,
): Promise<void> {
  if (!requested || requested.length === 0) return;
  const visible = await store
    .collection<DataSourceView>(DATA_SOURCES)
    .count({ organizationId, deleted: false, dataSourceId: { $in: [...new Set(requested)] } });
  if (visible !== new Set(requested).size) throw new Invalid(NO_ACCESS_TO_DATA_SOURCES);
}

/** `YYYY-MM-DDTHH:00:00.000Z` (read-store hour bucket) → `YYYY-MM-DD HH:00:00+00:00` (docs/api.md §1.7). */
export function hourBucketJson(bucket: string): string {
  return `${bucket.slice(0, 10)} ${bucket.slice(11, 13)}:00:00+00:00`;
}

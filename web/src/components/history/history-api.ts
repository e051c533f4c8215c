import { map, type Observable } from 'rxjs';
import type { ApiClient } from '../../lib/api';
import type { HistoryPage, HistorySubject } from './history-types';

/** A page of the subject's history, newest first (`page` 1-based, as the API counts), up to `to` if given. */
export function getHistoryPage(
  api: ApiClient,
  subject: HistorySubject,
  page: number,
  size: number,
  to?: string,
): Observable<HistoryPage> {
  return api.get<HistoryPage>('audit/events', { query: { ...subject, to, page, size, order: 'desc' } });
}

/**
 * The subject's whole history (up to `to` when given) as JSON Lines, oldest first, streamed by the server
 * (`audit/events.jsonl`).
 */
export function getHistoryLines(api: ApiClient, subject: HistorySubject, to?: string): Observable<string> {
  return api.get<unknown>('audit/events.jsonl', { query: { ...subject, to } }).pipe(map(jsonLinesText));
}

/**
 * The earlier of two upper bounds on when events were recorded, either absent. A bare date covers its whole day
 * (UTC), as the API reads `to`; a bound that reads as no time gives way to the other.
 */
export function earlierBound(first: string | undefined, second: string | undefined): string | undefined {
  if (first === undefined) return second;
  if (second === undefined) return first;
  const firstMillis = boundMillis(first);
  const secondMillis = boundMillis(second);
  if (Number.isNaN(firstMillis)) return second;
  if (Number.isNaN(secondMillis)) return first;
  return firstMillis <= secondMillis ? first : second;
}

const LAST_MILLISECOND_OF_DAY = 86_399_999;

function boundMillis(value: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? Date.parse(`${value}T00:00:00.000Z`) + LAST_MILLISECOND_OF_DAY
    : Date.parse(value);
}

/** The client parses what reads as JSON: a history of one event comes back parsed, and none as null. */
function jsonLinesText(body: unknown): string {
  if (body === null || body === undefined) return '';
  return typeof body === 'string' ? body : `${JSON.stringify(body)}\n`;
}

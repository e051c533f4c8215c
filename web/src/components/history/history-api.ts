import { map, type Observable } from 'rxjs';
import type { ApiClient } from '../../lib/api';
import type { HistoryPage, HistorySubject } from './history-types';

/** A page of the subject's history, newest first (`page` 1-based, as the API counts). */
export function getHistoryPage(
  api: ApiClient,
  subject: HistorySubject,
  page: number,
  size: number,
): Observable<HistoryPage> {
  return api.get<HistoryPage>('audit/events', { query: { ...subject, page, size, order: 'desc' } });
}

/** The subject's whole history as JSON Lines, oldest first, streamed by the server (`audit/events.jsonl`). */
export function getHistoryLines(api: ApiClient, subject: HistorySubject): Observable<string> {
  return api.get<unknown>('audit/events.jsonl', { query: { ...subject } }).pipe(map(jsonLinesText));
}

/** The client parses what reads as JSON: a history of one event comes back parsed, and none as null. */
function jsonLinesText(body: unknown): string {
  if (body === null || body === undefined) return '';
  return typeof body === 'string' ? body : `${JSON.stringify(body)}\n`;
}

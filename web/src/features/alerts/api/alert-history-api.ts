import { map, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import type { AlertHistoryPage } from '../types/alert-history';

/** A page of the alert's history, oldest first (`page` 1-based, as the API counts). */
export function getAlertHistory(
  api: ApiClient,
  alertId: number,
  page: number,
  size: number,
): Observable<AlertHistoryPage> {
  return api.get<AlertHistoryPage>('audit/events', { query: { alert_id: alertId, page, size } });
}

/** The alert's whole history as JSON Lines. */
export function getAlertHistoryLines(api: ApiClient, alertId: number): Observable<string> {
  return api.get<unknown>('audit/events.jsonl', { query: { alert_id: alertId } }).pipe(
    // The client parses what reads as JSON: a history of one event comes back parsed.
    map((body) => (body === null ? '' : typeof body === 'string' ? body : `${JSON.stringify(body)}\n`)),
  );
}

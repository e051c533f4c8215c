import { map, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import type { AssetType } from '../types/asset-360';
import type { HistoryPage } from '../types/asset-history';

/** A page of the asset's history, newest first (`page` 1-based, as the API counts). */
export function getAssetHistory(
  api: ApiClient,
  type: AssetType,
  id: string,
  page: number,
  size: number,
): Observable<HistoryPage> {
  return api.get<HistoryPage>('audit/events', {
    query: { asset_type: type, asset_id: id, page, size, order: 'desc' },
  });
}

/** The asset's whole history as JSON Lines, oldest first. */
export function getAssetHistoryLines(api: ApiClient, type: AssetType, id: string): Observable<string> {
  return api
    .get<unknown>('audit/events.jsonl', { query: { asset_type: type, asset_id: id } })
    .pipe(map(jsonLinesText));
}

/** The client parses what reads as JSON: a history of one event comes back parsed, and none as null. */
function jsonLinesText(body: unknown): string {
  if (body === null || body === undefined) return '';
  return typeof body === 'string' ? body : `${JSON.stringify(body)}\n`;
}

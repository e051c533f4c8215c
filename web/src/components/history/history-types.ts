/** The record of events about one thing, as `GET audit/events` answers it (docs/api.md "History of one thing"). */

/** What made an event happen: the packet a detector decided on, or the user whose command it records. */
export interface HistoryCause {
  kind: 'packet' | 'user';
  /** The packet's id or the user's id. */
  id: string | number;
  data_collector_id?: number;
  date?: string;
  username?: string;
}

export interface HistoryEvent {
  position: number;
  /** ISO-8601: when it happened. */
  time: string;
  recorded_at: string;
  type: string;
  stream: string;
  data: Record<string, unknown> | null;
  /** Null for the issue tracker's own decisions and for events recorded before causes were kept. */
  cause: HistoryCause | null;
}

export interface HistoryPage {
  events: HistoryEvent[];
  total_items: number;
  total_pages: number;
  next_after: number | null;
}

/** Whose history: one alert (its raising, resolution and issue), or one device or gateway. */
export type HistorySubject = { alert_id: number } | { asset_type: 'device' | 'gateway'; asset_id: string };

/** Events a page of a History tab shows. */
export const HISTORY_PAGE_SIZE = 10;

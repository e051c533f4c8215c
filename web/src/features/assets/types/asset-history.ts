/** The auditors' history of one thing (`GET audit/events`, docs/api.md "History of one thing"). */

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
  /** Null for events recorded before causes were kept. */
  cause: HistoryCause | null;
}

export interface HistoryPage {
  events: HistoryEvent[];
  total_items: number;
  total_pages: number;
  next_after: number | null;
}

/** Events a page of the History tab shows. */
export const HISTORY_PAGE_SIZE = 10;

/** An alert's history as `GET audit/events?alert_id=` answers it (docs/api.md "History of one thing"). */

/** What made an event happen: the packet a detector decided on, or the user whose command it records. */
export interface AlertHistoryCause {
  kind: 'packet' | 'user';
  /** The packet's id or the user's id. */
  id: string | number;
  data_collector_id?: number;
  date?: string;
  username?: string;
}

export interface AlertHistoryEvent {
  position: number;
  /** ISO-8601: when it happened. */
  time: string;
  recorded_at: string;
  type: string;
  stream: string;
  data: Record<string, unknown> | null;
  /** Null for events recorded before causes were kept. */
  cause: AlertHistoryCause | null;
}

export interface AlertHistoryPage {
  events: AlertHistoryEvent[];
  total_items: number;
  total_pages: number;
  next_after: number | null;
}

/** Events a page of the dialog's history shows. */
export const ALERT_HISTORY_PAGE_SIZE = 5;

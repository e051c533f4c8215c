import { filter, map, type Observable } from 'rxjs';
import type { RealtimeEvents } from '../../../lib/realtime';
import type { Alert, NewAlertEvent } from '../../../lib/alerts/alert';

export const NEW_ALERT_EVENT = 'new_alert';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function asAlert(value: unknown): Alert | undefined {
  if (!isRecord(value)) return undefined;
  const looksLikeAlert =
    typeof value.id === 'number' && typeof value.type === 'string' && typeof value.created_at === 'string';
  return looksLikeAlert ? (value as unknown as Alert) : undefined;
}

/** Validates a `new_alert` payload (`{alert_id, alert?}`); anything unusable is dropped. */
export function parseNewAlertEvent(payload: unknown): NewAlertEvent | null {
  if (!isRecord(payload)) return null;
  const alert = asAlert(payload.alert);
  const alertId = typeof payload.alert_id === 'number' ? payload.alert_id : alert?.id;
  if (alertId === undefined) return null;
  return alert ? { alert_id: alertId, alert } : { alert_id: alertId };
}

export function newAlertEvents$(realtime: RealtimeEvents): Observable<NewAlertEvent> {
  return realtime.on(NEW_ALERT_EVENT).pipe(
    map(parseNewAlertEvent),
    filter((event): event is NewAlertEvent => event !== null),
  );
}

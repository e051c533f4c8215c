import { catchError, combineLatest, map, of, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import type { Alert } from '../../../lib/alerts/alert';
import { findAssetId } from '../api/issues-api';

const hexOf = (value: unknown): string | null =>
  typeof value === 'string' && /^[0-9a-fA-F]{8,16}$/.test(value) ? value : null;

/**
 * The alert with `device_id` / `gateway_id` filled in, so the dialog can link the assets' 360 views. The server's
 * alerts leave both null, so they are looked up by DevEUI and gateway EUI; a failed lookup leaves the name unlinked.
 */
export function withAssetIds(api: ApiClient, alert: Alert): Observable<Alert> {
  const lookup = (type: 'device' | 'gateway', known: number | null, hex: string | null) =>
    known !== null || hex === null ? of(known) : findAssetId(api, type, hex).pipe(catchError(() => of(null)));
  return combineLatest([
    lookup('device', alert.device_id, hexOf(alert.parameters?.dev_eui)),
    lookup('gateway', alert.gateway_id, hexOf(alert.parameters?.gateway)),
  ]).pipe(map(([deviceId, gatewayId]) => ({ ...alert, device_id: deviceId, gateway_id: gatewayId })));
}

import { forkJoin, map, shareReplay, switchMap, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import type { Alert, AlertType } from '../../../lib/alerts/alert';
import { alertTypesByCode, getAlertTypes } from '../../../lib/alerts/alert-types-api';
import { getLatestAlerts } from '../api/dashboard-api';
import type { DashboardQuery } from '../types/dashboard';
import { refreshed$, type Loadable } from './loadable';

export interface LatestAlertRow {
  alert: Alert;
  /** Null when the catalogue does not know the code. */
  alertType: AlertType | null;
}

export interface LatestAlertsSources {
  api: ApiClient;
  query$: Observable<DashboardQuery>;
  refresh$: Observable<unknown>;
  now?: () => Date;
}

/** LATEST ALERTS: the newest unresolved alerts of the last week, with their types, reloaded on refresh. */
export function createLatestAlerts$({
  api,
  query$,
  refresh$,
  now = () => new Date(),
}: LatestAlertsSources): Observable<Loadable<LatestAlertRow[]>> {
  // The catalogue does not change while the page is open: read it once, retry only after a failure.
  const types$ = getAlertTypes(api).pipe(
    map(alertTypesByCode),
    shareReplay({ bufferSize: 1, refCount: false }),
  );
  return query$.pipe(
    switchMap((query) =>
      refreshed$(
        () =>
          forkJoin({ alerts: getLatestAlerts(api, query.dataSourceIds, now()), types: types$ }).pipe(
            map(({ alerts, types }) =>
              alerts.map((alert) => ({ alert, alertType: types.get(alert.type) ?? null })),
            ),
          ),
        refresh$,
      ),
    ),
  );
}

import { catchError, map, of, startWith, type Observable } from 'rxjs';
import type { ApiClient } from '../../../lib/api';
import { alertTypesByCode, getAlertTypes } from '../../../lib/alerts/alert-types-api';
import type { AlertType } from '../../../lib/alerts/alert';

export type AlertTypesState =
  { status: 'loading' } | { status: 'ready'; byCode: ReadonlyMap<string, AlertType> } | { status: 'error' };

/** The alert type catalogue keyed by code: names, risks and message templates for the rows. */
export function createAlertTypes$(api: ApiClient): Observable<AlertTypesState> {
  return getAlertTypes(api).pipe(
    map((types): AlertTypesState => ({
      status: 'ready',
      byCode: alertTypesByCode(types),
    })),
    catchError(() => of<AlertTypesState>({ status: 'error' })),
    startWith<AlertTypesState>({ status: 'loading' }),
  );
}

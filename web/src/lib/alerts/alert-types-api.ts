import type { Observable } from 'rxjs';
import type { ApiClient } from '../api';
import type { AlertType } from './alert';

/** `GET alert_types`: every alert type, to name and rate the alerts listed by code. */
export function getAlertTypes(api: ApiClient): Observable<AlertType[]> {
  return api.get<AlertType[]>('alert_types');
}

/** The alert types by code, as the alert lists look them up. */
export function alertTypesByCode(types: readonly AlertType[]): ReadonlyMap<string, AlertType> {
  return new Map(types.map((type) => [type.code, type]));
}

import { ALERT_CATALOGUE } from '@lorawatch/domain/alert-catalogue';
import { alertTypeJson } from '@lorawatch/domain/alert-type.json';

/** The alert types of the catalogue (docs/api.md §6). */
export function listAlertTypes() {
  return ALERT_CATALOGUE.map(alertTypeJson);
}

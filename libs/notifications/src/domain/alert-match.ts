import type { Importance, Risk } from '@lorawatch/domain/risk';
import type { PreferencesState } from './notification-preferences';

/** What the delivery rules look at in an alert (docs/api.md §9, "Delivery rules"). */
export interface AlertFacts {
  organizationId: number;
  risk: Risk;
  dataSourceId: number;
  /** Importance of the alert's asset; assets nobody rated count as LOW, as in the inventory. */
  importance: Importance;
  /** Labels the alert's asset carries. */
  tagIds: number[];
}

/**
 * Whether a user's preferences want this alert: its risk and its asset's importance enabled, its data source not
 * turned off, and the asset carrying every label the user chose.
 */
export function wantsAlert(preferences: PreferencesState, alert: AlertFacts): boolean {
  const risk = alert.risk.toLowerCase() as keyof PreferencesState['risks'];
  const importance = alert.importance.toLowerCase() as keyof PreferencesState['importances'];
  if (preferences.risks[risk] !== true) return false;
  if (preferences.importances[importance] !== true) return false;
  if (preferences.dataSources[String(alert.dataSourceId)] === false) return false;
  const carried = new Set(alert.tagIds);
  return preferences.tagIds.every((tagId) => carried.has(tagId));
}

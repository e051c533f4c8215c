/** The read model's contract lives in the domain, beneath every context that reads it. */
export { ALERTS, SHOWN, type AlertView } from '@lorawatch/domain/alert.view';

/** The importance of assets as the alerts projection saw it (see followed-importance.ts). */
export const ALERT_ASSET_IMPORTANCE = { name: 'alert_asset_importance' };

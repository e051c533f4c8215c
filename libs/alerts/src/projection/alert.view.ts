/** The importance of assets as the alerts projection saw it (see followed-importance.ts). */
export const ALERT_ASSET_IMPORTANCE = { name: 'alert_asset_importance' };

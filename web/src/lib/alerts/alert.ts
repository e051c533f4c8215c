import type { Alert as FullAlert, NewAlertMessage } from '@lorawatch/contracts';

/** The API's alert parameters and alert types (docs/api.md §6). */
export type { AlertAssetType, AlertParameters, AlertType } from '@lorawatch/contracts';

/** What the console's alert views read of a full alert (docs/api.md §6); the asset 360° view builds it from its own. */
export type Alert = Pick<
  FullAlert,
  | 'id'
  | 'type'
  | 'created_at'
  | 'device_id'
  | 'gateway_id'
  | 'data_collector_id'
  | 'data_collector_name'
  | 'parameters'
  | 'resolved_at'
  | 'resolved_by'
  | 'resolution_comment'
  | 'asset_importance'
>;

/** A `new_alert` message as the console accepts it: the id always, the whole alert when the server sent it. */
export type NewAlertEvent = Pick<NewAlertMessage, 'alert_id'> & { alert?: Alert };

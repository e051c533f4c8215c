import type { Alert } from './alerts';
import type { DataSource } from './data-sources';
import type { NotificationItem } from './notifications';
import type { ReadModelName } from './read-models';

/** The only message a client sends: its access token (again after each refresh). */
export const AUTHORIZATION = 'authorization';
export interface AuthorizationMessage {
  token: string;
}
/** The server's acknowledgement of `authorization`. */
export interface AuthorizationAck {
  ok: boolean;
}

export const NEW_ALERT = 'new_alert';
export const UPDATED_DATA_COLLECTOR = 'updated_data_collector';
export const NEW_NOTIFICATION = 'new_notification';
export const PROJECTION_UPDATED = 'projection_updated';

/** `new_alert`: an alert became visible to the organisation. */
export interface NewAlertMessage {
  alert_id: number;
  alert: Alert;
}

/** `projection_updated`: a read model of the organisation changed and what to reload. */
export interface ProjectionUpdatedMessage {
  projection: ReadModelName;
  organization_id: number;
  /** Event-store position of the newest change included: a console may skip reloads for positions it has seen. */
  position: number;
  /** Read-model collections written since the previous message of this projection, sorted. */
  collections: string[];
}

/** Messages the server sends to every socket of an organisation, by name, with their payload. */
export interface OrganizationMessages {
  [NEW_ALERT]: NewAlertMessage;
  [UPDATED_DATA_COLLECTOR]: DataSource;
  [PROJECTION_UPDATED]: ProjectionUpdatedMessage;
}

/** Messages the server sends to every socket of one user. */
export interface UserMessages {
  [NEW_NOTIFICATION]: NotificationItem;
}

/** Every server-to-client message, by name. */
export type ServerMessages = OrganizationMessages & UserMessages;
export type ServerMessageName = keyof ServerMessages;
export type OrganizationMessageName = keyof OrganizationMessages;
export type UserMessageName = keyof UserMessages;

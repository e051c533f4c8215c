import type { CollectionSpec } from '@lorawatch/read-store/read-store.port';
import type { DeliveryState } from '../domain/notification';

export interface NotificationView {
  /** Deterministic id (stream notification-<id>). */
  id: string;
  /** The API's integer id: the global position of the NotificationCreated event, stable across replays. */
  numericId: number;
  userId: number;
  organizationId: number;
  alertId: string;
  createdAt: string;
  readAt: string | null;
  push: boolean;
  deliveries: DeliveryState[];
  /** Some delivery still waits for a try: the dispatcher resumes these after a restart. */
  pending: boolean;
}

export const NOTIFICATIONS: CollectionSpec = {
  name: 'notifications',
  indexes: [
    { fields: ['numericId'], unique: true },
    { fields: ['userId', 'numericId'] },
    { fields: ['pending'] },
  ],
};

import type { DataSource, NewAlertMessage, NotificationItem } from '@lorawatch/contracts';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';

/** The websocket messages a context may announce besides `projection_updated` (the api's gateway sends them). */
export interface Announcements {
  newAlert(organizationId: number, message: NewAlertMessage): void;
  updatedDataCollector(organizationId: number, dataSource: DataSource): void;
  newNotification(userId: number, notification: NotificationItem): void;
}

/**
 * What a context tells the consoles once its projection committed an event: written beside the projection, by the
 * context that owns it, and called by the api's realtime publisher for that projection's events only (standalone
 * and scale-out alike). It reads the committed read model, never the event's future.
 */
export interface ProjectionAnnouncer {
  /** The name of the projection whose committed events this announces. */
  readonly projection: string;
  announce(event: RecordedEvent, store: ReadStore, out: Announcements): Promise<void>;
}

import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Announcements, ProjectionAnnouncer } from '@lorawatch/projections/announcer';
import type { Projection } from '@lorawatch/projections/projection';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import type { RealtimeGateway } from '@lorawatch/realtime/realtime.gateway';

/**
 * Turns committed read-model changes into websocket messages for the organization concerned: `projection_updated`
 * for every projection (screens reload what changed), then whatever the projection's own context announces of the
 * event (its ProjectionAnnouncer: `new_alert`, `updated_data_collector`, `new_notification`).
 */
export class RealtimePublisher {
  private readonly announcers: Map<string, ProjectionAnnouncer>;

  constructor(
    private readonly store: ReadStore,
    private readonly realtime: RealtimeGateway & Announcements,
    announcers: readonly ProjectionAnnouncer[],
  ) {
    this.announcers = new Map(announcers.map((announcer) => [announcer.projection, announcer]));
  }

  /**
   * The projector committed `event` into `projection`'s read model (its checkpoint passed the event), in another
   * thread or process: the writes themselves are not known here, so the projection's declared collections stand
   * for them, and its context reads back what the event changed.
   */
  async publishFollowed(projection: Projection, event: RecordedEvent): Promise<void> {
    const organizationId = event.metadata.organizationId;
    if (organizationId === null) return;
    this.realtime.projectionUpdated({
      projection: projection.name,
      organization_id: organizationId,
      position: event.position,
      collections: [...new Set(projection.collections.map((collection) => collection.name))].sort(),
    });
    await this.announcers.get(projection.name)?.announce(event, this.store, this.realtime);
  }
}

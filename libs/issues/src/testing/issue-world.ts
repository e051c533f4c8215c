import type { INestApplication } from '@nestjs/common';
import type { AlertDraft } from '@lorawatch/domain/alert';
import { clearanceStream, IssueEventTypes } from '@lorawatch/domain/issue.events';
import type { IssueClearance } from '@lorawatch/detectors/detector-step';
import { AlertEventTypes, alertStream } from '@lorawatch/alerts/alert.events';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { deterministicUuid } from '@lorawatch/platform/deterministic-uuid';
import { READ_MODEL_SYNC, type ReadModelSync } from '@lorawatch/projections/read-model-sync';
import { IssueTracker } from '../tracker/issue-tracker';

/** What the int specs need of the app harness (test/support/app-harness.ts). */
export interface AppUnderTest {
  app: INestApplication;
}

/**
 * Drives the running app the way the detection runner does: alerts and clearances appended to the event store
 * with their deterministic ids, then waits until the tracker and the read models have followed.
 */
export class IssueWorld {
  readonly events: EventStore;
  readonly tracker: IssueTracker;
  private readonly readModels: ReadModelSync;

  constructor(harness: AppUnderTest) {
    this.events = harness.app.get<EventStore>(EVENT_STORE);
    this.tracker = harness.app.get(IssueTracker);
    this.readModels = harness.app.get<ReadModelSync>(READ_MODEL_SYNC);
  }

  async raise(...alerts: AlertDraft[]): Promise<void> {
    for (const alert of alerts) {
      const who = { organizationId: alert.organizationId, actor: 'detector', correlationId: alert.packet.id };
      await this.events.append(
        alertStream(alert.id),
        [envelope(AlertEventTypes.Raised, alert, who, alert.createdAt, deterministicUuid(alert.id))],
        'no_stream',
      );
    }
    await this.settle();
  }

  async clear(clearance: IssueClearance): Promise<void> {
    const who = { organizationId: clearance.organizationId, actor: 'detector' };
    await this.events.append(
      clearanceStream(clearance.id),
      [
        envelope(
          IssueEventTypes.ConditionCleared,
          clearance,
          who,
          clearance.packet.date,
          deterministicUuid(clearance.id),
        ),
      ],
      'no_stream',
    );
    await this.settle();
  }

  async tick(at: string): Promise<void> {
    await this.tracker.tick(at);
    await this.settle();
  }

  /** Tracker and projections feed each other (alert → issue → shown alert → LAF-600): a few rounds settle it. */
  async settle(): Promise<void> {
    for (let round = 0; round < 3; round++) {
      await this.tracker.caughtUp();
      await this.readModels.settled();
    }
  }

  async countEvents(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const event of await this.events.readAll()) counts[event.type] = (counts[event.type] ?? 0) + 1;
    return counts;
  }
}

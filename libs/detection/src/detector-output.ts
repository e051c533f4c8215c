import { Logger } from '@nestjs/common';
import { AlertEventTypes, alertStream } from '@lorawatch/domain/alert.events';
import type { IssueClearance } from '@lorawatch/detectors/detector-step';
import type { AlertDraft } from '@lorawatch/domain/alert';
import {
  DuplicateEventIdError,
  type EventStore,
  type NewEvent,
  WrongExpectedRevisionError,
} from '@lorawatch/event-store/event-store.port';
import { clearanceStream, IssueEventTypes } from '@lorawatch/domain/issue.events';
import type { Metrics } from '@lorawatch/ops/metrics';
import { envelope, packetCause } from '@lorawatch/platform/aggregate';
import { deterministicUuid } from '@lorawatch/platform/deterministic-uuid';

/**
 * Where the detector runners put what the sagas decide. Alert and clearance ids are deterministic and each gets a
 * stream of its own created with 'no_stream', so an append repeated after a crash (or by another replica draining
 * the same outbox) appends nothing twice.
 */
export class DetectorOutput {
  private readonly logger = new Logger('Detection');

  constructor(
    private readonly events: EventStore,
    private readonly metrics: Metrics,
  ) {}

  async raise(alert: AlertDraft): Promise<void> {
    const who = {
      organizationId: alert.organizationId,
      actor: 'detector',
      correlationId: alert.packet.id,
      cause: packetCause(alert.packet),
    };
    const appended = await this.appendOnce(
      alertStream(alert.id),
      envelope(AlertEventTypes.Raised, alert, who, alert.createdAt, deterministicUuid(alert.id)),
    );
    if (!appended) return;
    this.metrics.alertsRaised.inc({ code: alert.code });
    this.logger.log({
      msg: `${alert.code} raised`,
      alertId: alert.id,
      dataSourceId: alert.dataSourceId,
      devEui: alert.devEui,
      gateway: alert.gateway,
    });
  }

  async clear(clearance: IssueClearance): Promise<void> {
    const who = {
      organizationId: clearance.organizationId,
      actor: 'detector',
      correlationId: clearance.packet.id,
      cause: packetCause(clearance.packet),
    };
    await this.appendOnce(
      clearanceStream(clearance.id),
      envelope(
        IssueEventTypes.ConditionCleared,
        clearance,
        who,
        clearance.packet.date,
        deterministicUuid(clearance.id),
      ),
    );
  }

  /**
   * Events of a shared stream (the asset observations), with the ids they were given when decided: a repeated
   * append of the same events is recognised by the store (an exact replay) or refused for an id already recorded.
   */
  async appendEvents(stream: string, events: NewEvent[]): Promise<void> {
    try {
      await this.events.append(stream, events, 'any');
    } catch (error) {
      if (!(error instanceof DuplicateEventIdError)) throw error;
      this.logger.debug(`${stream}: ${error.eventId} was already recorded`);
    }
  }

  private async appendOnce(stream: string, event: ReturnType<typeof envelope>): Promise<boolean> {
    try {
      await this.events.append(stream, [event], 'no_stream');
      return true;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) && !(error instanceof DuplicateEventIdError))
        throw error;
      this.logger.debug(`${stream} was already recorded`);
      return false;
    }
  }
}

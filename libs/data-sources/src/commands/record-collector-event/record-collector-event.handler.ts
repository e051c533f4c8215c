import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  EVENT_STORE,
  WrongExpectedRevisionError,
  type EventStore,
} from '@lorawatch/event-store/event-store.port';
import { envelope, loadAggregate } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import {
  dataSourceEvolver,
  decideLimitations,
  decideStatus,
  exists,
  type DataSourceState,
} from '../../domain/data-source';
import { DataSourceEventTypes, dataSourceStream } from '../../domain/data-source.events';

/** What a collector reports about its data source. */
export type CollectorReport =
  | { kind: 'CONNECTED' }
  | { kind: 'DISCONNECTED'; error: string | null }
  | { kind: 'PARSING_FAILED'; message: string; count: number }
  | { kind: 'LOGIN_FAILED'; message: string }
  | { kind: 'RESTARTED' }
  /** What the collector cannot see of its network (DataSourceLimitationsChanged); empty when nothing. */
  | { kind: 'LIMITATIONS'; limitations: string[] };

export class RecordCollectorEventCommand {
  constructor(
    readonly dataSourceId: number,
    readonly report: CollectorReport,
  ) {}
}

/** Records a collector's report as a data-source event; a status becomes an event only when it changes. */
@CommandHandler(RecordCollectorEventCommand)
export class RecordCollectorEventHandler implements ICommandHandler<RecordCollectorEventCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ dataSourceId, report }: RecordCollectorEventCommand): Promise<void> {
    const streamId = dataSourceStream(dataSourceId);
    for (let attempt = 0; attempt < 5; attempt++) {
      const { state, revision } = await loadAggregate(this.events, streamId, dataSourceEvolver);
      const event = decide(state, dataSourceId, report);
      if (!event) return;
      const who = { organizationId: state.organizationId, actor: 'collector' };
      try {
        await this.events.append(
          streamId,
          [envelope(event.type, event.data, who, this.clock.now().toISOString())],
          revision,
        );
        return;
      } catch (failure) {
        if (!(failure instanceof WrongExpectedRevisionError)) throw failure;
      }
    }
  }
}

function decide(
  state: DataSourceState,
  dataSourceId: number,
  report: CollectorReport,
): { type: string; data: object } | null {
  if (!exists(state)) return null;
  switch (report.kind) {
    case 'CONNECTED':
      return decideStatus(state, 'CONNECTED')
        ? { type: DataSourceEventTypes.Connected, data: { dataSourceId } }
        : null;
    case 'DISCONNECTED':
      return decideStatus(state, 'DISCONNECTED')
        ? { type: DataSourceEventTypes.Disconnected, data: { dataSourceId, error: report.error } }
        : null;
    case 'PARSING_FAILED':
      return {
        type: DataSourceEventTypes.ParsingFailed,
        data: { dataSourceId, message: report.message, count: report.count },
      };
    case 'LOGIN_FAILED':
      return { type: DataSourceEventTypes.LoginFailed, data: { dataSourceId, message: report.message } };
    case 'RESTARTED':
      return { type: DataSourceEventTypes.Restarted, data: { dataSourceId } };
    case 'LIMITATIONS':
      return decideLimitations(state, report.limitations)
        ? {
            type: DataSourceEventTypes.LimitationsChanged,
            data: { dataSourceId, limitations: report.limitations },
          }
        : null;
  }
}

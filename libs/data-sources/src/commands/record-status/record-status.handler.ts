import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  EVENT_STORE,
  WrongExpectedRevisionError,
  type EventStore,
} from '@lorawatch/event-store/event-store.port';
import { envelope, loadAggregate } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { decideStatus, dataSourceEvolver } from '../../domain/data-source';
import { DataSourceEventTypes } from '../../domain/data-source.events';

export class RecordDataSourceStatusCommand {
  constructor(
    readonly dataSourceId: number,
    readonly status: 'CONNECTED' | 'DISCONNECTED',
    readonly error: string | null,
  ) {}
}

/** Collectors report their connection state; it becomes an event only when it changes. */
@CommandHandler(RecordDataSourceStatusCommand)
export class RecordDataSourceStatusHandler implements ICommandHandler<RecordDataSourceStatusCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ dataSourceId, status, error }: RecordDataSourceStatusCommand): Promise<void> {
    const streamId = `datasource-${dataSourceId}`;
    for (let attempt = 0; attempt < 5; attempt++) {
      const { state, revision } = await loadAggregate(this.events, streamId, dataSourceEvolver);
      if (!decideStatus(state, status) || !state.created) return;
      const who = { organizationId: state.created.organizationId, actor: 'collector' };
      const type =
        status === 'CONNECTED' ? DataSourceEventTypes.Connected : DataSourceEventTypes.Disconnected;
      const data = status === 'CONNECTED' ? { dataSourceId } : { dataSourceId, error };
      try {
        await this.events.append(
          streamId,
          [envelope(type, data, who, this.clock.now().toISOString())],
          revision,
        );
        return;
      } catch (failure) {
        if (!(failure instanceof WrongExpectedRevisionError)) throw failure;
      }
    }
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { DataSourceEventTypes, dataSourceStream } from '../../domain/data-source.events';
import { loadOwnDataSource } from '../shared/load-own-data-source';

export class DeleteDataSourceCommand {
  constructor(
    readonly dataSourceId: number,
    readonly organizationId: number,
    readonly actorUserId: number,
  ) {}
}

/** Soft delete: the history (and its alerts) stays; the collector stops and the data source leaves the lists. */
@CommandHandler(DeleteDataSourceCommand)
export class DeleteDataSourceHandler implements ICommandHandler<DeleteDataSourceCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ dataSourceId, organizationId, actorUserId }: DeleteDataSourceCommand): Promise<void> {
    const { revision } = await loadOwnDataSource(this.events, dataSourceId, organizationId);
    const who = { organizationId, actor: String(actorUserId) };
    await this.events.append(
      dataSourceStream(dataSourceId),
      [envelope(DataSourceEventTypes.Deleted, { dataSourceId }, who, this.clock.now().toISOString())],
      revision,
    );
  }
}

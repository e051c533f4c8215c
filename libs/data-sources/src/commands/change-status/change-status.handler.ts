import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { Invalid } from '@lorawatch/platform/domain-errors';
import { decideStatusChange } from '../../domain/data-source';
import { DataSourceEventTypes, dataSourceStream } from '../../domain/data-source.events';
import { loadOwnDataSource } from '../shared/load-own-data-source';

export class ChangeDataSourceStatusCommand {
  constructor(
    readonly dataSourceId: number,
    readonly organizationId: number,
    readonly actorUserId: number,
    readonly status: unknown,
  ) {}
}

/** PATCH {status}: an admin disables a running data source or enables a disabled one. */
@CommandHandler(ChangeDataSourceStatusCommand)
export class ChangeDataSourceStatusHandler implements ICommandHandler<ChangeDataSourceStatusCommand, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({
    dataSourceId,
    organizationId,
    actorUserId,
    status,
  }: ChangeDataSourceStatusCommand): Promise<void> {
    if (status !== 'DISABLED' && status !== 'ENABLED') {
      throw Invalid.coded([{ code: 'INVALID_STATUS', message: 'Invalid status' }]);
    }
    const { state, revision } = await loadOwnDataSource(this.events, dataSourceId, organizationId);
    if (decideStatusChange(state, status) === 'forbidden') {
      throw Invalid.coded([{ code: 'FORBIDDEN_STATUS', message: 'Forbidden status' }]);
    }
    const type = status === 'DISABLED' ? DataSourceEventTypes.Disabled : DataSourceEventTypes.Enabled;
    const who = { organizationId, actor: String(actorUserId) };
    await this.events.append(
      dataSourceStream(dataSourceId),
      [envelope(type, { dataSourceId }, who, this.clock.now().toISOString())],
      revision,
    );
  }
}

import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { SecretBox } from '@lorawatch/platform/secret-box';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import {
  DataSourceEventTypes,
  type DataSourceUpdated,
  dataSourceStream,
} from '../../domain/data-source.events';
import type { DataSourceRequest } from '../shared/data-source-request.dto';
import { loadOwnDataSource } from '../shared/load-own-data-source';
import { resolveSettings } from '../shared/resolve-settings';

export class UpdateDataSourceCommand {
  constructor(
    readonly dataSourceId: number,
    readonly organizationId: number,
    readonly actorUserId: number,
    readonly request: DataSourceRequest,
  ) {}
}

/** PUT: replaces the settings (secrets left empty are kept); the collector restarts with them. */
@CommandHandler(UpdateDataSourceCommand)
export class UpdateDataSourceHandler implements ICommandHandler<UpdateDataSourceCommand, void> {
  private readonly secrets: SecretBox;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secrets = new SecretBox(config.secretKey);
  }

  async execute({
    dataSourceId,
    organizationId,
    actorUserId,
    request,
  }: UpdateDataSourceCommand): Promise<void> {
    const { state, revision } = await loadOwnDataSource(this.events, dataSourceId, organizationId);
    const settings = await resolveSettings(request, organizationId, this.store, this.secrets, state.settings);
    const updated: DataSourceUpdated = { dataSourceId, ...settings };
    const who = { organizationId, actor: String(actorUserId) };
    await this.events.append(
      dataSourceStream(dataSourceId),
      [envelope(DataSourceEventTypes.Updated, updated, who, this.clock.now().toISOString())],
      revision,
    );
  }
}

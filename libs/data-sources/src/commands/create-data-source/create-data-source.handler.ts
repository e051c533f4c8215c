import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { allocateId } from '@lorawatch/platform/id-allocator';
import { SecretBox } from '@lorawatch/platform/secret-box';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import {
  DataSourceEventTypes,
  type DataSourceCreated,
  dataSourceStream,
} from '../../domain/data-source.events';
import type { DataSourceRequest } from '../shared/data-source-request.dto';
import { resolveSettings } from '../shared/resolve-settings';

export class CreateDataSourceCommand {
  constructor(
    readonly organizationId: number,
    readonly actorUserId: number,
    readonly request: DataSourceRequest,
  ) {}
}

@CommandHandler(CreateDataSourceCommand)
export class CreateDataSourceHandler implements ICommandHandler<CreateDataSourceCommand, number> {
  private readonly secrets: SecretBox;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.secrets = new SecretBox(config.secretKey);
  }

  async execute({ organizationId, actorUserId, request }: CreateDataSourceCommand): Promise<number> {
    const settings = await resolveSettings(request, organizationId, this.store, this.secrets, null);
    const now = this.clock.now().toISOString();
    const dataSourceId = await allocateId(this.events, 'datasource', now);
    const created: DataSourceCreated = { dataSourceId, organizationId, ...settings };
    await this.events.append(
      dataSourceStream(dataSourceId),
      [envelope(DataSourceEventTypes.Created, created, { organizationId, actor: String(actorUserId) }, now)],
      'no_stream',
    );
    return dataSourceId;
  }
}

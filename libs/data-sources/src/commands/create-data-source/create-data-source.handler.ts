import { BadRequestException, Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '@lorawatch/config/app-config';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { allocateId } from '@lorawatch/platform/id-allocator';
import { SecretBox } from '@lorawatch/platform/secret-box';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { POLICIES, type PolicyView } from '@lorawatch/policies/policy.view';
import { DataSourceEventTypes, type DataSourceCreated } from '../../domain/data-source.events';
import { COLLECTABLE_TYPES, dataSourceTypeById } from '../../domain/data-source-types';
import type { DataSourceRequest } from './create-data-source.dto';

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
    const type = dataSourceTypeById(request.data_collector_type_id);
    if (!type)
      throw new BadRequestException({
        error: 'Invalid data_collector_type_id',
        message: 'Invalid data_collector_type_id',
      });
    if (!COLLECTABLE_TYPES.includes(type.type)) {
      const message = `The ${type.name} data source type is not available yet`;
      throw new BadRequestException({ error: message, message });
    }
    const policy = await this.store.collection<PolicyView>(POLICIES).get(String(request.policy_id));
    if (!policy || (policy.organizationId !== null && policy.organizationId !== organizationId)) {
      throw new BadRequestException({ error: 'Not allowed policy.', message: 'Not allowed policy.' });
    }

    const now = this.clock.now().toISOString();
    const dataSourceId = await allocateId(this.events, 'datasource', now);
    const created: DataSourceCreated = {
      dataSourceId,
      organizationId,
      name: request.name.trim(),
      description: request.description ?? '',
      typeId: type.id,
      type: type.type,
      host: request.ip.trim(),
      port: request.port,
      username: request.user ?? null,
      passwordSealed: request.password ? this.secrets.seal(request.password) : null,
      ssl: request.ssl ?? false,
      caCert: request.ca_cert ?? null,
      clientCert: request.client_cert ?? null,
      clientKeySealed: request.client_key ? this.secrets.seal(request.client_key) : null,
      topics: request.topics && request.topics.length > 0 ? request.topics : type.defaultTopics,
      policyId: policy.policyId,
    };
    await this.events.append(
      `datasource-${dataSourceId}`,
      [envelope(DataSourceEventTypes.Created, created, { organizationId, actor: String(actorUserId) }, now)],
      'no_stream',
    );
    return dataSourceId;
  }
}

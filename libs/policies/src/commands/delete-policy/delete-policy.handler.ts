import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { decide } from '../../domain/policy';
import { policyStream } from '../../domain/policy.events';
import { accepted, type Decision } from '../../domain/policy-errors';
import { loadPolicy } from '../shared/load-policy';

export class DeletePolicyCommand {
  constructor(
    readonly policyId: number,
    readonly organizationId: number,
    readonly actorUserId: number,
  ) {}
}

/** DELETE: only a policy of the caller's organization that no data source uses any more. */
@CommandHandler(DeletePolicyCommand)
export class DeletePolicyHandler implements ICommandHandler<DeletePolicyCommand, Decision<void>> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ policyId, organizationId, actorUserId }: DeletePolicyCommand): Promise<Decision<void>> {
    const { state, revision } = await loadPolicy(this.events, policyId);
    const boundDataSources = await this.store
      .collection<DataSourceView>(DATA_SOURCES)
      .count({ policyId, deleted: false });
    const decision = decide(state, { kind: 'delete', organizationId, boundDataSources });
    if (!decision.ok) return decision;
    const who = { organizationId, actor: String(actorUserId) };
    await this.events.append(
      policyStream(policyId),
      decision.value.map((event) => envelope(event.type, event.data, who, this.clock.now().toISOString())),
      revision,
    );
    return accepted(undefined);
  }
}

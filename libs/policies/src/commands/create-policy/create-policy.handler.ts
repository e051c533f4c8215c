import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { allocateId } from '@lorawatch/platform/id-allocator';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { decideCreate, readableBy } from '../../domain/policy';
import { PolicyEventTypes, policyStream, type PolicyCreated } from '../../domain/policy.events';
import { accepted, refused, type Decision } from '../../domain/policy-errors';
import type { RequestedItem } from '../../domain/policy-items';
import { loadPolicy } from '../shared/load-policy';
import { nameInUse } from '../shared/name-in-use';

/** A new policy of the organization, with the given items or those of a policy it can read (`cloneOf`). */
export class CreatePolicyCommand {
  constructor(
    readonly organizationId: number,
    readonly actorUserId: number,
    readonly name: string,
    readonly source: { items: readonly RequestedItem[] } | { cloneOf: number },
  ) {}
}

@CommandHandler(CreatePolicyCommand)
export class CreatePolicyHandler implements ICommandHandler<CreatePolicyCommand, Decision<number>> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({
    organizationId,
    actorUserId,
    name,
    source,
  }: CreatePolicyCommand): Promise<Decision<number>> {
    let items: readonly RequestedItem[];
    if ('cloneOf' in source) {
      const { state } = await loadPolicy(this.events, source.cloneOf);
      const unreadable = readableBy(state, organizationId);
      if (unreadable) return refused(unreadable);
      items = state.items;
    } else {
      items = source.items;
    }
    const nameTaken = await nameInUse(this.store, organizationId, name, null);
    const decision = decideCreate({ organizationId, name, items, nameTaken });
    if (!decision.ok) return decision;
    // The id is allocated only for an accepted policy, so refused requests leave no gaps in the numbering.
    const now = this.clock.now().toISOString();
    const policyId = await allocateId(this.events, 'policy', now);
    const created: PolicyCreated = { policyId, ...decision.value };
    await this.events.append(
      policyStream(policyId),
      [envelope(PolicyEventTypes.Created, created, { organizationId, actor: String(actorUserId) }, now)],
      'no_stream',
    );
    return accepted(policyId);
  }
}

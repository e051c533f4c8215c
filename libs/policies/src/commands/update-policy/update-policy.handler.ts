import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { decide } from '../../domain/policy';
import { policyStream } from '../../domain/policy.events';
import { accepted, type Decision } from '../../domain/policy-errors';
import type { RequestedItem } from '../../domain/policy-items';
import { loadPolicy } from '../shared/load-policy';
import { nameInUse } from '../shared/name-in-use';

export class UpdatePolicyCommand {
  constructor(
    readonly policyId: number,
    readonly organizationId: number,
    readonly actorUserId: number,
    readonly name: string,
    readonly items: readonly RequestedItem[],
  ) {}
}

/** PUT: renames the policy and replaces the items of the alert types it names; detectors use it from the next packet. */
@CommandHandler(UpdatePolicyCommand)
export class UpdatePolicyHandler implements ICommandHandler<UpdatePolicyCommand, Decision<void>> {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(command: UpdatePolicyCommand): Promise<Decision<void>> {
    const { policyId, organizationId, actorUserId, name, items } = command;
    const { state, revision } = await loadPolicy(this.events, policyId);
    const nameTaken = await nameInUse(this.store, organizationId, name, policyId);
    const decision = decide(state, { kind: 'update', organizationId, name, items, nameTaken });
    if (!decision.ok) return decision;
    const now = this.clock.now().toISOString();
    const who = { organizationId, actor: String(actorUserId) };
    // The revision read above: a change recorded in between makes this append fail, answered as 409.
    await this.events.append(
      policyStream(policyId),
      decision.value.map((event) => envelope(event.type, event.data, who, now)),
      revision,
    );
    return accepted(undefined);
  }
}

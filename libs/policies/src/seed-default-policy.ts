import { Inject, Injectable } from '@nestjs/common';
import { defaultPolicyItems } from '@lorawatch/domain/policy';
import { EVENT_STORE, type EventStore } from '@lorawatch/event-store/event-store.port';
import { envelope } from '@lorawatch/platform/aggregate';
import { CLOCK, type Clock } from '@lorawatch/platform/clock';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { PolicyEventTypes, policyStream, type PolicyCreated } from './domain/policy.events';
import { POLICIES, type PolicyView } from './policy.view';

export const DEFAULT_POLICY_ID = 1;

/** Seeds the global "Default" policy (id 1) on the first start. */
@Injectable()
export class SeedDefaultPolicy {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async run(): Promise<void> {
    if (await this.store.collection<PolicyView>(POLICIES).get(String(DEFAULT_POLICY_ID))) return;
    const streamId = policyStream(DEFAULT_POLICY_ID);
    if ((await this.events.readStream(streamId, { maxCount: 1 })).length > 0) return;
    const data: PolicyCreated = {
      policyId: DEFAULT_POLICY_ID,
      organizationId: null,
      name: 'Default',
      isDefault: true,
      items: defaultPolicyItems(),
    };
    const now = this.clock.now().toISOString();
    // Reserve id 1 in the policy sequence so user policies start at 2.
    await this.events.append(
      'sequence-policy',
      [
        envelope(
          'IdAllocated',
          { kind: 'policy', id: DEFAULT_POLICY_ID },
          { organizationId: null, actor: 'system' },
          now,
        ),
      ],
      'no_stream',
    );
    await this.events.append(
      streamId,
      [envelope(PolicyEventTypes.Created, data, { organizationId: null, actor: 'system' }, now)],
      'no_stream',
    );
  }
}

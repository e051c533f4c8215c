import type { EventStore } from '@lorawatch/event-store/event-store.port';
import { loadAggregate, type Loaded } from '@lorawatch/platform/aggregate';
import { policyStream } from '../../domain/policy.events';
import { policyEvolver, type PolicyState } from '../../domain/policy';

export function loadPolicy(events: EventStore, policyId: number): Promise<Loaded<PolicyState>> {
  return loadAggregate(events, policyStream(policyId), policyEvolver);
}

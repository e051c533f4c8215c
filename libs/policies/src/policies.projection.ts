import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Projection } from '@lorawatch/projections/projection';
import type { WriteOp } from '@lorawatch/read-store/read-store.port';
import { PolicyEventTypes, type PolicyCreated } from './policy.events';
import { POLICIES, type PolicyView } from './policy.view';

export const policiesProjection: Projection = {
  name: 'policies',
  collections: [POLICIES],
  eventTypes: [PolicyEventTypes.Created],
  project(event: RecordedEvent): WriteOp[] {
    const data = event.data as PolicyCreated;
    const doc: PolicyView = {
      id: String(data.policyId),
      policyId: data.policyId,
      organizationId: data.organizationId,
      name: data.name,
      isDefault: data.isDefault,
      items: data.items,
    };
    return [{ op: 'upsert', collection: POLICIES.name, doc }];
  },
};

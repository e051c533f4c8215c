import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Projection } from '@lorawatch/projections/projection';
import type { WriteOp } from '@lorawatch/read-store/read-store.port';
import { PolicyEventTypes, type PolicyEventPayloads } from './domain/policy.events';
import { POLICIES, type PolicyView } from './policy.view';
import { recordedOf } from '@lorawatch/event-store/typed-events';

/**
 * Policies read model. A deleted policy leaves it: nothing can read it or bind a data source to it any more,
 * and the event store keeps its history.
 */
export const policiesProjection: Projection = {
  name: 'policies',
  collections: [POLICIES],
  eventTypes: [PolicyEventTypes.Created, PolicyEventTypes.Updated, PolicyEventTypes.Deleted],
  project(recorded: RecordedEvent): WriteOp[] {
    const event = recordedOf<PolicyEventPayloads>(recorded);
    switch (event.type) {
      case PolicyEventTypes.Created: {
        const data = event.data;
        const doc: PolicyView = {
          id: String(data.policyId),
          policyId: data.policyId,
          organizationId: data.organizationId,
          name: data.name,
          isDefault: data.isDefault,
          items: data.items,
        };
        return [{ op: 'upsert', collection: POLICIES.name, doc }];
      }
      case PolicyEventTypes.Updated: {
        const { policyId, name, items } = event.data;
        return [{ op: 'patch', collection: POLICIES.name, id: String(policyId), set: { name, items } }];
      }
      case PolicyEventTypes.Deleted: {
        const { policyId } = event.data;
        return [{ op: 'delete', collection: POLICIES.name, id: String(policyId) }];
      }
      default:
        return [];
    }
  },
};

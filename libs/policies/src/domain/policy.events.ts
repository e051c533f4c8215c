import type { PolicyItem } from '@lorawatch/domain/policy';
import { eventGuard, type RecordedOf } from '@lorawatch/event-store/typed-events';

/** Stream policy-<id>. The default policy belongs to no organization and is visible to all. */
export interface PolicyCreated {
  policyId: number;
  organizationId: number | null;
  name: string;
  isDefault: boolean;
  items: PolicyItem[];
}

/** Carries the whole item list after the change, so a reader never needs the previous events. */
export interface PolicyUpdated {
  policyId: number;
  name: string;
  items: PolicyItem[];
}

export interface PolicyDeleted {
  policyId: number;
}

export const PolicyEventTypes = {
  Created: 'PolicyCreated',
  Updated: 'PolicyUpdated',
  Deleted: 'PolicyDeleted',
} as const;

export type PolicyEvent =
  | { type: typeof PolicyEventTypes.Created; data: PolicyCreated }
  | { type: typeof PolicyEventTypes.Updated; data: PolicyUpdated }
  | { type: typeof PolicyEventTypes.Deleted; data: PolicyDeleted };

/** Each policy event type with its payload. */
export interface PolicyEventPayloads {
  [PolicyEventTypes.Created]: PolicyCreated;
  [PolicyEventTypes.Updated]: PolicyUpdated;
  [PolicyEventTypes.Deleted]: PolicyDeleted;
}
export type RecordedPolicyEvent = RecordedOf<PolicyEventPayloads>;
export const isPolicyEvent = eventGuard<PolicyEventPayloads>();

export const policyStream = (policyId: number) => `policy-${policyId}`;

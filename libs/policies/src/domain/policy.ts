import type { PolicyItem } from '@lorawatch/domain/policy';
import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Evolver } from '@lorawatch/platform/aggregate';
import {
  PolicyEventTypes,
  type PolicyCreated,
  type PolicyEvent,
  type PolicyEventPayloads,
} from './policy.events';
import {
  PolicyMessages,
  accepted,
  existingName,
  forbidden,
  invalid,
  notFound,
  refused,
  type Decision,
  type PolicyRejection,
} from './policy-errors';
import { checkItems, type RequestedItem } from './policy-items';
import { recordedOf } from '@lorawatch/event-store/typed-events';

export interface PolicyState {
  status: 'absent' | 'active' | 'deleted';
  policyId: number | null;
  /** null: a global policy, readable by every organization and changed by none. */
  organizationId: number | null;
  name: string;
  isDefault: boolean;
  items: PolicyItem[];
}

export const policyEvolver: Evolver<PolicyState> = {
  initial: { status: 'absent', policyId: null, organizationId: null, name: '', isDefault: false, items: [] },
  evolve(state: PolicyState, recorded: RecordedEvent): PolicyState {
    const event = recordedOf<PolicyEventPayloads>(recorded);
    switch (event.type) {
      case PolicyEventTypes.Created: {
        const { policyId, organizationId, name, isDefault, items } = event.data;
        return { status: 'active', policyId, organizationId, name, isDefault, items };
      }
      case PolicyEventTypes.Updated: {
        const { name, items } = event.data;
        return { ...state, name, items };
      }
      case PolicyEventTypes.Deleted:
        return { ...state, status: 'deleted' };
      default:
        return state;
    }
  },
};

/** Names clash whatever their case: "default" beside "Default" would only confuse. */
export const sameName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Reading (and cloning) needs the policy to exist and be the caller's own or a global one. */
export function readableBy(state: PolicyState, organizationId: number): PolicyRejection | null {
  if (state.status !== 'active') return notFound();
  if (state.organizationId !== null && state.organizationId !== organizationId)
    return forbidden('FORBIDDEN', PolicyMessages.cannotFetch);
  return null;
}

export interface CreatePolicy {
  organizationId: number;
  name: string;
  items: readonly RequestedItem[];
  /** Whether an own or global policy already has this name (read model, checked by the caller). */
  nameTaken: boolean;
}

/** Everything of the PolicyCreated event but its id, which is allocated once the policy is accepted. */
export type NewPolicy = Omit<PolicyCreated, 'policyId'>;

export function decideCreate(command: CreatePolicy): Decision<NewPolicy> {
  if (command.nameTaken) return refused(existingName());
  const checked = checkItems(command.items, false);
  if (!checked.ok) return refused(invalid(checked.errors));
  return accepted({
    organizationId: command.organizationId,
    name: command.name.trim(),
    isDefault: false,
    items: checked.items,
  });
}

export interface UpdatePolicy {
  kind: 'update';
  organizationId: number;
  name: string;
  /** Replace the items of their alert types; the policy's other items stay as they are. */
  items: readonly RequestedItem[];
  nameTaken: boolean;
}

export interface DeletePolicy {
  kind: 'delete';
  organizationId: number;
  /** Data sources still bound to the policy (read model, counted by the caller). */
  boundDataSources: number;
}

export type PolicyCommand = UpdatePolicy | DeletePolicy;

export function decide(state: PolicyState, command: PolicyCommand): Decision<PolicyEvent[]> {
  if (state.status !== 'active' || state.policyId === null) return refused(notFound());
  const policyId = state.policyId;
  const changing = command.kind === 'update';
  if (state.isDefault)
    return refused(
      forbidden(
        'DEFAULT_POLICY',
        changing ? PolicyMessages.cannotUpdateDefault : PolicyMessages.cannotDeleteDefault,
      ),
    );
  if (state.organizationId !== command.organizationId)
    return refused(
      forbidden('FORBIDDEN', changing ? PolicyMessages.cannotUpdate : PolicyMessages.cannotDelete),
    );
  if (command.kind === 'delete') {
    if (command.boundDataSources > 0)
      return refused(forbidden('POLICY_WITH_DATA_COLLECTORS', PolicyMessages.inUse));
    return accepted([{ type: PolicyEventTypes.Deleted, data: { policyId } }]);
  }
  if (command.nameTaken) return refused(existingName());
  const checked = checkItems(command.items, true);
  if (!checked.ok) return refused(invalid(checked.errors));
  return accepted([
    {
      type: PolicyEventTypes.Updated,
      data: { policyId, name: command.name.trim(), items: mergeItems(state.items, checked.items) },
    },
  ]);
}

function mergeItems(current: readonly PolicyItem[], changes: readonly PolicyItem[]): PolicyItem[] {
  const byCode = new Map(changes.map((item) => [item.alertTypeCode, item]));
  const merged = current.map((item) => byCode.get(item.alertTypeCode) ?? item);
  const added = changes.filter((item) => !current.some((old) => old.alertTypeCode === item.alertTypeCode));
  return [...merged, ...added];
}

import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import {
  PolicyMessages,
  accepted,
  forbidden,
  notFound,
  refused,
  type Decision,
} from '../../domain/policy-errors';
import { POLICIES, type PolicyView } from '../../policy.view';
import { policyJson, type PolicyJson } from '../shared/policy.json';

/** One policy as the organization sees it: its own or a global one; another organization's is forbidden. */
export async function getPolicy(
  store: ReadStore,
  policyId: number,
  organizationId: number,
): Promise<Decision<PolicyJson>> {
  const policy = await store.collection<PolicyView>(POLICIES).get(String(policyId));
  if (!policy) return refused(notFound());
  if (policy.organizationId !== null && policy.organizationId !== organizationId)
    return refused(forbidden('FORBIDDEN', PolicyMessages.cannotFetch));
  const sources = await store
    .collection<DataSourceView>(DATA_SOURCES)
    .find({ organizationId, policyId, deleted: false });
  return accepted(policyJson(policy, sources));
}

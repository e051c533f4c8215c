import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { PageQuery } from '@lorawatch/platform/query-params';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { POLICIES, type PolicyView } from '../../policy.view';
import { policyJson } from '../shared/policy.json';

const DEFAULT_PAGE_SIZE = 20;

/** One page of the organisation's own and the global policies by id, and their total count (docs/api.md §8). */
export async function listPolicies(store: ReadStore, caller: AuthUser, query: PageQuery) {
  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  const visible = { $or: [{ organizationId: caller.organizationId }, { organizationId: null }] };
  const policies = store.collection<PolicyView>(POLICIES);
  const [items, total, sources] = await Promise.all([
    policies.find(visible, { sort: [['policyId', 'asc']], skip: (page - 1) * size, limit: size }),
    policies.count(visible),
    store
      .collection<DataSourceView>(DATA_SOURCES)
      .find({ organizationId: caller.organizationId, deleted: false }),
  ]);
  return { items: items.map((policy) => policyJson(policy, sources)), total, pages: Math.ceil(total / size) };
}

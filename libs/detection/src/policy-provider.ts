import { PolicyView as PolicyRules } from '@lorawatch/domain/policy';
import { DATA_SOURCES, type DataSourceView } from '@lorawatch/domain/data-source.view';
import { POLICIES, type PolicyView } from '@lorawatch/policies';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';

/** The policy each data source is bound to, cached until a policy or data source changes. */
export class PolicyProvider {
  private readonly cache = new Map<number, PolicyRules>();

  constructor(private readonly store: ReadStore) {}

  async forDataSource(dataSourceId: number): Promise<PolicyRules> {
    const cached = this.cache.get(dataSourceId);
    if (cached) return cached;
    const source = await this.store.collection<DataSourceView>(DATA_SOURCES).get(String(dataSourceId));
    const policy = source
      ? await this.store.collection<PolicyView>(POLICIES).get(String(source.policyId))
      : null;
    const rules = new PolicyRules(policy?.items ?? []);
    this.cache.set(dataSourceId, rules);
    return rules;
  }

  invalidate(): void {
    this.cache.clear();
  }
}

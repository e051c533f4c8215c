import { alertTypeJson } from '@lorawatch/domain/alert-type.json';
import { ALERT_CATALOGUE } from '@lorawatch/domain/alert-catalogue';
import { PolicyView as PolicyRules } from '@lorawatch/domain/policy';
import type { DataSourceView } from '@lorawatch/domain/data-source.view';
import { policyItemId } from '../../domain/policy-items';
import type { PolicyView } from '../../policy.view';

/**
 * API shape of a policy (docs/api.md §8). It lists an item for every alert type, as the detectors apply it:
 * a type without a stored item is enabled, and every parameter shows its value or the catalogue default.
 * `dataSources`: the caller's organization's data sources, of which those bound to the policy are listed.
 */
export function policyJson(policy: PolicyView, dataSources: readonly DataSourceView[]) {
  const rules = new PolicyRules(policy.items);
  return {
    id: policy.policyId,
    name: policy.name,
    isDefault: policy.isDefault,
    organizationId: policy.organizationId,
    items: ALERT_CATALOGUE.map((type) => ({
      id: policyItemId(type),
      enabled: rules.isEnabled(type.code),
      parameters: rules.parameters(type.code),
      alertTypeCode: type.code,
      alertType: alertTypeJson(type),
    })),
    dataCollectors: dataSources
      .filter((source) => source.policyId === policy.policyId && !source.deleted)
      .map((source) => ({ id: source.dataSourceId, name: source.name })),
  };
}

export type PolicyJson = ReturnType<typeof policyJson>;

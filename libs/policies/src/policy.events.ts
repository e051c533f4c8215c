import type { PolicyItem } from '@lorawatch/domain/policy';

/** Stream policy-<id>. The default policy belongs to no organization and is visible to all. */
export interface PolicyCreated {
  policyId: number;
  organizationId: number | null;
  name: string;
  isDefault: boolean;
  items: PolicyItem[];
}

export const PolicyEventTypes = { Created: 'PolicyCreated' } as const;

import type { PolicyItem } from '@lorawatch/domain/policy';

export interface PolicyView {
  id: string;
  policyId: number;
  organizationId: number | null;
  name: string;
  isDefault: boolean;
  items: PolicyItem[];
}

export const POLICIES = { name: 'policies', indexes: [{ fields: ['organizationId'] }] };

import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { sameName } from '../../domain/policy';
import { POLICIES, type PolicyView } from '../../policy.view';

/**
 * Whether one of the policies the organization sees (its own and the global ones) already has the name.
 * Read from the read model: two simultaneous creations with one name can both pass, a race we accept for a
 * label that carries no meaning to the detectors.
 */
export async function nameInUse(
  store: ReadStore,
  organizationId: number,
  name: string,
  exceptPolicyId: number | null,
): Promise<boolean> {
  const visible = await store
    .collection<PolicyView>(POLICIES)
    .find({ $or: [{ organizationId }, { organizationId: null }] });
  return visible.some((policy) => policy.policyId !== exceptPolicyId && sameName(policy.name, name));
}

import { POLICIES, type PolicyView } from '@lorawatch/policies';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import type { SecretBox } from '@lorawatch/platform/secret-box';
import type { DataSourceSettings } from '../../domain/data-source.events';
import { collectableTypes } from '../../collection/collector-factory';
import { dataSourceTypeById } from '../../domain/data-source-types';
import { Invalid } from '@lorawatch/platform/domain-errors';
import type { DataSourceRequest } from './data-source-request.dto';
import { InvalidDataSource, settingsFromRequest } from './settings-from-request';

/** Checks the type and the policy of a create/update/test body, then builds the settings (Invalid with the reason). */
export async function resolveSettings(
  request: DataSourceRequest,
  organizationId: number,
  store: ReadStore,
  secrets: SecretBox,
  previous: DataSourceSettings | null,
): Promise<DataSourceSettings> {
  const type = dataSourceTypeById(request.data_collector_type_id);
  if (!type) throw new Invalid('Invalid data_collector_type_id');
  if (!collectableTypes().includes(type.type))
    throw new Invalid(`The ${type.name} data source type is not available yet`);
  const policy = await store.collection<PolicyView>(POLICIES).get(String(request.policy_id));
  if (!policy || (policy.organizationId !== null && policy.organizationId !== organizationId)) {
    throw new Invalid('Not allowed policy.');
  }
  try {
    return settingsFromRequest(request, type, policy.policyId, secrets, previous);
  } catch (error) {
    if (error instanceof InvalidDataSource) throw new Invalid(error.message);
    throw error;
  }
}

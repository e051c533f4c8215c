import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { ORGANIZATIONS, type OrganizationView, type UserView } from '@lorawatch/domain/user.view';
import { userJson } from '../../projection/user.view';

export async function readUserJson(store: ReadStore, user: UserView) {
  const organization =
    user.organizationId === null
      ? null
      : await store.collection<OrganizationView>(ORGANIZATIONS).get(String(user.organizationId));
  return userJson(user, organization?.name ?? null);
}

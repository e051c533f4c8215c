import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { NotFound } from '@lorawatch/platform/domain-errors';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { ORGANIZATIONS, USERS, type OrganizationView, type UserView } from '@lorawatch/domain/user.view';
import { userJson } from '../../projection/user.view';

/** The caller's own user with its organization's name; a user no longer in the read model is not found. */
export async function getOwnUser(store: ReadStore, caller: AuthUser) {
  const user = await store.collection<UserView>(USERS).get(String(caller.userId));
  if (!user) throw new NotFound();
  const organization = await store
    .collection<OrganizationView>(ORGANIZATIONS)
    .get(String(user.organizationId));
  return userJson(user, organization?.name ?? null);
}

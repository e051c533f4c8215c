import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { ORGANIZATIONS, USERS, type OrganizationView, type UserView } from '@lorawatch/domain/user.view';
import { userJson } from '../../projection/user.view';

/** A user's answer with its organization's name (also the answer of a profile update). */
export async function readUserJson(store: ReadStore, user: UserView) {
  const organization =
    user.organizationId === null
      ? null
      : await store.collection<OrganizationView>(ORGANIZATIONS).get(String(user.organizationId));
  return userJson(user, organization?.name ?? null);
}

/**
 * A colleague's profile by user name: any member may read it (console part 1 §6); other organizations' users and
 * deleted ones do not exist here (null).
 */
export async function getUser(store: ReadStore, caller: AuthUser, username: string) {
  const [user] = await store
    .collection<UserView>(USERS)
    .find({ username: username.trim().toLowerCase(), deleted: { $ne: true } }, { limit: 1 });
  if (!user || user.organizationId !== caller.organizationId) return null;
  return readUserJson(store, user);
}

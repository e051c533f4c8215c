import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { USERS, type UserView } from '@lorawatch/domain/user.view';

/** The count of the users of the caller's organization only (the original counted every organization's for admins). */
export async function countUsers(store: ReadStore, caller: AuthUser): Promise<{ user_count: number }> {
  const user_count = await store
    .collection<UserView>(USERS)
    .count({ organizationId: caller.organizationId, deleted: { $ne: true } });
  return { user_count };
}

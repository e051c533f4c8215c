import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import type { PageQuery } from '@lorawatch/platform/query-params';
import type { ReadStore } from '@lorawatch/read-store/read-store.port';
import { ORGANIZATIONS, USERS, type OrganizationView, type UserView } from '@lorawatch/domain/user.view';
import { userJson } from '../../projection/user.view';

/**
 * One page of the users of the caller's own organization, pending ones included, and their total count and
 * number of pages (console part 1 §6).
 */
export async function listUsers(store: ReadStore, caller: AuthUser, query: PageQuery) {
  const users = store.collection<UserView>(USERS);
  const organization = await store
    .collection<OrganizationView>(ORGANIZATIONS)
    .get(String(caller.organizationId));
  const organizationName = organization?.name ?? null;
  const page = query.page ?? 1;
  const size = query.size ?? 20;
  const filter = { organizationId: caller.organizationId, deleted: { $ne: true } };
  const [items, total] = await Promise.all([
    users.find(filter, { sort: [['userId', 'asc']], skip: (page - 1) * size, limit: size }),
    users.count(filter),
  ]);
  const answer = { users: items.map((user) => userJson(user, organizationName)) };
  return { answer, total, pages: Math.ceil(total / size) };
}

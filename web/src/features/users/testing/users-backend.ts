import { jsonResponse, type FakeRoute } from '../../../test/fake-fetch';
import { storeSession } from '../../../test/tokens';
import type { Role, User } from '../types/user';

export const ROLES: Role[] = [
  { id: 1, role_name: 'Regular_User' },
  { id: 2, role_name: 'Admin_User' },
];

export function makeUser(overrides: Partial<User> & { username: string }): User {
  return {
    id: 1,
    full_name: `${overrides.username} Person`,
    phone: null,
    email: `${overrides.username}@example.com`,
    user_roles: [1],
    organization_id: 7,
    active: true,
    organization_name: 'Acme',
    first_login: false,
    ...overrides,
  };
}

export const ADMIN = makeUser({ id: 1, username: 'admin', full_name: 'Ada Admin', user_roles: [2] });
export const REGULAR = makeUser({ id: 2, username: 'bob', full_name: 'Bob Regular', phone: '+598-99123456' });
export const PENDING = makeUser({ id: 3, username: 'carol', full_name: 'Carol Pending', active: false });

/** Signs in as an administrator or a regular user (the token carries the roles the console checks). */
export function signInAs(user: User): void {
  storeSession({ username: user.username, roles: user.user_roles, organizationId: 7 });
}

export const refusal =
  (message: string, status = 400): FakeRoute =>
  () =>
    jsonResponse({ error: message, message }, status);

/** The calls every dashboard screen makes, answered quietly, plus the users endpoints given. */
export function usersBackend(
  viewer: User,
  routes: Record<string, FakeRoute> = {},
): Record<string, FakeRoute> {
  return {
    'GET user_token': () => jsonResponse(viewer),
    'GET user_roles': () =>
      jsonResponse({
        user_roles: viewer.user_roles.includes(2) ? ROLES : ROLES.filter((role) => role.id === 1),
      }),
    ...routes,
  };
}

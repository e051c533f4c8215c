import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { ROLE_ADMIN, ROLE_USER } from '@lorawatch/domain/user.view';
import { Forbidden } from '@lorawatch/platform/domain-errors';

/** Inventory, labels and the network overview serve regular users and admins; the System account is refused. */
export function requireMember(user: AuthUser): void {
  if (!user.roles.some((role) => role === ROLE_USER || role === ROLE_ADMIN)) throw new Forbidden();
}

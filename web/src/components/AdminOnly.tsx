import type { ReactNode } from 'react';
import { useSession } from '../lib/services-context';
import { isAdmin } from '../lib/session';

/** Renders its children only for administrators (role id 2 in the token's user_roles_id). */
export function AdminOnly({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const session = useSession();
  return <>{isAdmin(session) ? children : fallback}</>;
}

import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import type { LoginLocationState } from '../features/auth/components/LoginPage';
import { useSession } from '../lib/services-context';

/** Guards /dashboard/*: without a stored token go to /login (also when a 401 or sign-out clears it). */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const state: LoginLocationState = { from: location.pathname + location.search };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}

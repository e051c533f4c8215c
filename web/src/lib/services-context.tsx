import { createContext, useContext, type ReactNode } from 'react';
import { useObservableState } from 'observable-hooks';
import type { Services } from './services';
import type { Session } from './session';
import type { CurrentUser } from './current-user';

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used inside <ServicesProvider>');
  return services;
}

export function useSession(): Session | null {
  const { session } = useServices();
  return useObservableState(session.session$, () => session.current);
}

export function useCurrentUser(): CurrentUser | null {
  const { currentUser$ } = useServices();
  return useObservableState(currentUser$, null);
}
